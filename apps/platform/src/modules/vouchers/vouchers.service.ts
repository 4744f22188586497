import { DEFAULT_LOCALE, toLocale } from "@shop/contracts";
import { formatPrice, t } from "@shop/i18n";
import type { AttachmentRecipe, AttachmentRenderers } from "../../adapters/mail.ts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { sendMail } from "../../shared/mail.ts";
import { formatVoucherCode, newVoucherCode, normaliseVoucherCode } from "./voucher-code.ts";
import { expiryText, type VoucherPdfInput, voucherFilename, voucherPdf } from "./voucher-pdf.ts";
import {
  findVoucherByCode,
  giveBalance,
  insertUse,
  insertVouchers,
  releaseUse,
  takeBalance,
  useOfOrder,
  type VoucherRow,
  vouchersOfOrder,
} from "./vouchers.repository.ts";

/**
 * Gift vouchers (issue 11 item 6): the shop's e-products. Each unit paid for becomes a voucher with
 * its own code and balance; later orders spend the balance, in part or in full, and an order
 * cancelled unpaid gives its amount back.
 */

/** How long a voucher counts from its issue: 12 months, what Croatian shops usually give. */
export const VOUCHER_VALID_MONTHS = 12;

export const VOUCHER_ERRORS = {
  unknown: "error.voucher.unknown",
  expired: "error.voucher.expired",
  usedUp: "error.voucher.usedUp",
  forVoucher: "error.voucher.forVoucher",
  short: "error.voucher.short",
} as const;

/** The field a refusal names (the checkout's payment step). */
const FIELD = "voucherCode";

const PDF = "voucher-pdf";

/** Made by the mail dispatcher when it sends (ADR 12), like the HUB-3 slip. */
export const VOUCHER_MAIL_ATTACHMENTS: AttachmentRenderers = {
  [PDF]: (input) => voucherPdf(input as VoucherPdfInput),
};

export type VoucherCheck = { ok: true; voucher: VoucherRow } | { ok: false; error: string };

/** Whether a code can pay now: known, not expired, with something left. */
export async function checkVoucher(ctx: RequestCtx, code: string, now: string): Promise<VoucherCheck> {
  const voucher = await findVoucherByCode(ctx.db, normaliseVoucherCode(code));
  if (!voucher) return { ok: false, error: VOUCHER_ERRORS.unknown };
  if (voucher.expires_at <= now) return { ok: false, error: VOUCHER_ERRORS.expired };
  if (voucher.balance_cents <= 0) return { ok: false, error: VOUCHER_ERRORS.usedUp };
  return { ok: true, voucher };
}

/** The voucher a code names if it can pay now; otherwise the reason as the checkout's field error. */
export async function usableVoucher(ctx: RequestCtx, code: string, now: string): Promise<VoucherRow> {
  const check = await checkVoucher(ctx, code, now);
  if (!check.ok) throw fieldError(FIELD, check.error);
  return check.voucher;
}

/**
 * Spends `amount` of the voucher for an order, in the order's transaction: a conditional update
 * (balance still at least the amount, not expired) and the use row. When a racing order got there
 * first the whole order fails with `short`, and its transaction writes nothing.
 */
export async function spendVoucher(tx: RequestCtx, voucher: VoucherRow, orderId: number, amount: number, now: string) {
  if (!(await takeBalance(tx.db, voucher.id, amount, now)))
    throw new AppError("CONFLICT", VOUCHER_ERRORS.short, { fields: [{ path: FIELD, key: VOUCHER_ERRORS.short }] });
  await insertUse(tx.db, { voucher_id: voucher.id, order_id: orderId, amount_cents: amount, released_at: null, created_at: now });
}

/** The amount an order cancelled unpaid had spent goes back to its voucher, once (the use row's update decides). */
export async function releaseVoucher(tx: RequestCtx, orderId: number, now: string): Promise<void> {
  const released = await releaseUse(tx.db, orderId, now);
  if (released) await giveBalance(tx.db, released.voucher_id, released.amount_cents, now);
}

/** What an order paid with a voucher (still counting: a released use paid nothing). */
export async function voucherPaymentOf(ctx: RequestCtx, orderId: number): Promise<{ code: string; amountCents: number } | null> {
  const use = await useOfOrder(ctx.db, orderId);
  return use && use.released_at === null ? { code: formatVoucherCode(use.code), amountCents: use.amount_cents } : null;
}

export function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString();
}

export interface PaidVoucherLine {
  orderLineId: number;
  qty: number;
  unitCents: number;
  /** The line's share of the order's coupon: each unit's value is what was really paid for it. */
  discountCents: number;
}

export interface VoucherOrder {
  id: number;
  number: string;
  email: string;
  language_code: string;
}

/**
 * Issues a voucher for every unit of the order's voucher lines, in the transaction that makes the
 * order paid, and writes the mail with each one's PDF. Once per order: a second call (a callback
 * racing the buyer's return) finds them issued and does nothing; the unique (line, unit) would
 * refuse a second set anyway.
 */
export async function issueVouchers(tx: RequestCtx, order: VoucherOrder, lines: readonly PaidVoucherLine[], now: string) {
  if (lines.length === 0 || (await vouchersOfOrder(tx.db, order.id)).length > 0) return [];
  const expiresAt = addMonths(now, VOUCHER_VALID_MONTHS);
  const rows = lines.flatMap((line) => {
    // The coupon's share spread over the units in whole cents; the first units take the odd cents.
    const base = Math.floor(line.discountCents / line.qty);
    const odd = line.discountCents - base * line.qty;
    return Array.from({ length: line.qty }, (_, i) => {
      const value = line.unitCents - base - (i < odd ? 1 : 0);
      return {
        code: newVoucherCode(),
        order_id: order.id,
        order_line_id: line.orderLineId,
        unit: i + 1,
        value_cents: value,
        balance_cents: value,
        expires_at: expiresAt,
        created_at: now,
        updated_at: now,
      };
    });
  });
  const issued = rows.filter((r) => r.value_cents > 0);
  await insertVouchers(tx.db, issued);
  if (issued.length > 0) sendVoucherMail(tx, order, issued);
  return issued;
}

function pdfInput(ctx: RequestCtx, order: VoucherOrder, voucher: Pick<VoucherRow, "code" | "value_cents" | "expires_at">): VoucherPdfInput {
  return {
    locale: toLocale(order.language_code) ?? DEFAULT_LOCALE,
    shop: ctx.site.name,
    code: voucher.code,
    valueCents: voucher.value_cents,
    expiresAt: voucher.expires_at,
    orderNumber: order.number,
  };
}

/** The buyer's mail: each voucher's code, value and expiry, with its PDF attached; in the order's language. */
function sendVoucherMail(
  tx: RequestCtx,
  order: VoucherOrder,
  vouchers: readonly Pick<VoucherRow, "code" | "value_cents" | "expires_at">[],
) {
  const locale = toLocale(order.language_code) ?? DEFAULT_LOCALE;
  const k = (key: string, params?: Record<string, string | number>) => t(locale, `mail.voucher.${key}`, params);
  const lines = vouchers.map((v) =>
    k("line", {
      code: formatVoucherCode(v.code),
      value: formatPrice(locale, v.value_cents / 100),
      date: expiryText(locale, v.expires_at),
    }),
  );
  const sections = [
    [k("greeting")],
    [k("intro", { number: order.number })],
    lines,
    [k("howTo")],
    [t(locale, "mail.signature"), tx.site.name],
  ];
  const attachments: AttachmentRecipe[] = vouchers.map((v) => ({
    render: PDF,
    input: pdfInput(tx, order, v),
    filename: voucherFilename(v.code),
    contentType: "application/pdf",
  }));
  sendMail(tx, {
    to: order.email,
    subject: `${k("subject", { number: order.number })} – ${tx.site.name}`,
    text: sections.map((s) => s.join("\n")).join("\n\n"),
    html: sections.map((s) => `<p>${s.map(escapeHtml).join("<br>")}</p>`).join("\n"),
    attachments,
  });
}

/** The vouchers an order bought, as its documents list them. */
export async function orderVouchers(ctx: RequestCtx, orderId: number) {
  return (await vouchersOfOrder(ctx.db, orderId)).map((v) => ({
    code: v.code,
    filename: voucherFilename(v.code),
    render: (order: VoucherOrder) => voucherPdf(pdfInput(ctx, order, v)),
  }));
}
