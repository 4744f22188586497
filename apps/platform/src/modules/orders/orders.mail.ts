import { type Locale, toLocale } from "@shop/contracts";
import { formatPrice, openingHoursLines, t } from "@shop/i18n";
import type { MailMessage } from "../../adapters/mail.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { formatVoucherCode } from "../vouchers/index.ts";
import { BARCODE_CID } from "./mail-attachments.ts";
import { branchOf } from "./order-branch.ts";
import { type OrderLineRow, type OrderRow, toPayOf } from "./orders.repository.ts";

export interface SlipInstructions {
  recipient: string;
  iban: string;
  model: string;
  reference: string;
}

/**
 * The order confirmation in the customer's language: the lines, the totals with VAT per rate, where
 * and when to collect it (the branch's opening hours), and how to pay (the bank-transfer details and
 * barcode, or that the card payment went through).
 */
export function orderConfirmationMail(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  input: { site: string; slip: SlipInstructions | null; link: string; receipt: boolean },
): MailMessage {
  const locale: Locale = toLocale(order.language_code) ?? "hr";
  const k = (key: string, params?: Record<string, string | number>) => t(locale, `mail.order.${key}`, params);
  const money = (cents: number) => formatPrice(locale, cents / 100);
  const customer = JSON.parse(order.customer) as { delivery?: { firstName?: string } };
  const branch = branchOf(order);
  const vat = JSON.parse(order.vat) as { rate: number; taxCents: number }[];

  const lineTexts = lines.map((l) => {
    const options = (JSON.parse(l.options) as string[]).join(", ");
    return `${l.qty} × ${l.name}${options ? ` (${options})` : ""} – ${money(l.row_cents)}`;
  });
  const totals = [
    `${k("items")}: ${money(order.items_cents)}`,
    ...(order.discount_cents > 0
      ? [`${k("discount")}${order.coupon_code ? ` (${order.coupon_code})` : ""}: −${money(order.discount_cents)}`]
      : []),
    ...(order.delivery_name ? [`${order.delivery_name}: ${money(order.delivery_cents)}`] : []),
    `${k("total")}: ${money(order.total_cents)}`,
    ...(order.voucher_cents > 0 && order.voucher_code
      ? [
          k("voucher", { code: formatVoucherCode(order.voucher_code), amount: money(order.voucher_cents) }),
          `${k("toPay")}: ${money(toPayOf(order))}`,
        ]
      : []),
    ...vat.map((v) => k("vat", { rate: v.rate, amount: money(v.taxCents) })),
  ];
  const hours = branch?.hours ? [`${k("hours")}:`, ...openingHoursLines(locale, branch.hours)] : [];
  const pickup = branch ? [k("pickup", { name: branch.name }), branch.address, branch.phone, ...hours] : [];
  const payment =
    input.slip === null
      ? [order.payment_status === "paid" ? k("paid", { method: order.payment_name }) : k("payment", { method: order.payment_name })]
      : [
          k("transfer"),
          `${k("recipient")}: ${input.slip.recipient}`,
          `IBAN: ${input.slip.iban}`,
          `${k("model")}: ${input.slip.model}   ${k("reference")}: ${input.slip.reference}`,
          `${k("amount")}: ${money(toPayOf(order))}`,
        ];
  if (input.receipt) payment.push(k("receipt"));
  const greeting = t(locale, "mail.greeting", { name: customer.delivery?.firstName ?? "" });
  const intro = k("intro", { number: order.number });
  const signature = t(locale, "mail.signature");
  const link = [k("link"), input.link];
  const sections = [[greeting], [intro], lineTexts, totals, pickup, payment, link, [signature, input.site]].filter((s) => s.length > 0);
  const text = sections.map((s) => s.join("\n")).join("\n\n");
  const paragraphs = sections.map((s) =>
    s === link
      ? `<p>${escapeHtml(k("link"))}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`
      : `<p>${s.map(escapeHtml).join("<br>")}</p>`,
  );
  // The barcode to scan goes under the payment details, before the link and the signature.
  if (input.slip) {
    const alt = escapeHtml(k("barcode", { amount: money(toPayOf(order)) }));
    paragraphs.splice(-2, 0, `<p><img src="cid:${BARCODE_CID}" alt="${alt}" width="300"></p>`);
  }
  const html = paragraphs.join("\n");
  return { to: order.email, subject: `${k("subject", { number: order.number })} – ${input.site}`, text, html };
}

/** A bank transfer has arrived for an order placed earlier: how much, for which order, where to see it. */
export function paymentReceivedMail(order: OrderRow, input: { site: string; link: string }): MailMessage {
  const locale: Locale = toLocale(order.language_code) ?? "hr";
  const k = (key: string, params?: Record<string, string | number>) => t(locale, `mail.paymentReceived.${key}`, params);
  const customer = JSON.parse(order.customer) as { delivery?: { firstName?: string } };
  const greeting = t(locale, "mail.greeting", { name: customer.delivery?.firstName ?? "" });
  const intro = k("intro", { number: order.number, amount: formatPrice(locale, order.total_cents / 100) });
  const link = t(locale, "mail.order.link");
  const signature = [t(locale, "mail.signature"), input.site];
  const text = [greeting, intro, `${link}\n${input.link}`, signature.join("\n")].join("\n\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(link)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    `<p>${signature.map(escapeHtml).join("<br>")}</p>`,
  ].join("\n");
  return { to: order.email, subject: `${k("subject", { number: order.number })} – ${input.site}`, text, html };
}

/** The customer hears of a refund: how much of which order went back to the card, and its storno receipt attached. */
export function refundMail(order: OrderRow, amountCents: number, input: { site: string; storno: boolean }): MailMessage {
  const locale: Locale = toLocale(order.language_code) ?? "hr";
  const k = (key: string, params?: Record<string, string | number>) => t(locale, `mail.refund.${key}`, params);
  const customer = JSON.parse(order.customer) as { delivery?: { firstName?: string } };
  const paragraphs = [
    t(locale, "mail.greeting", { name: customer.delivery?.firstName ?? "" }),
    k("intro", { number: order.number, amount: formatPrice(locale, amountCents / 100), method: order.payment_name }),
    ...(input.storno ? [k("storno")] : []),
    `${t(locale, "mail.signature")}\n${input.site}`,
  ];
  return {
    to: order.email,
    subject: `${k("subject", { number: order.number })} – ${input.site}`,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n"),
  };
}
