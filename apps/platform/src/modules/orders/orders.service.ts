import { createHmac, randomInt } from "node:crypto";
import {
  DEFAULT_LOCALE,
  localizedPath,
  MAIN_CURRENCY,
  ORDER_EXPIRY_MINUTES_DEFAULT,
  type OrderCreateAnswer,
  type OrderCreateBody,
  type OrderView,
  SYSTEM_ROUTES,
  toLocale,
  type ValidateCartAnswer,
} from "@shop/contracts";
import { translator } from "@shop/i18n";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { sendMail } from "../../shared/mail.ts";
import { requestHash } from "../../shared/request-hash.ts";
import { sameText } from "../../shared/same-text.ts";
import {
  CART_ERRORS,
  CHECKOUT_ERRORS,
  claimCouponUse,
  type OrderDraft,
  returnCouponUse,
  sessionCart,
  withOrderDraft,
} from "../cart/index.ts";
import { returnStock, stockOf, takeStock, toEur } from "../catalog/index.ts";
import { applicablePaymentMethods, bankAccount, PAYMENT_TYPE_OF, type PaymentChoice } from "../checkout/index.ts";
import { recordAcceptedConsents } from "../consents/index.ts";
import { describeGaps, eInvoiceOf } from "../einvoice/index.ts";
import { checkRequiredConsents } from "../forms/index.ts";
import { issueReceipt } from "../receipts/index.ts";
import { loadUserView } from "../user/index.ts";
import { formatVoucherCode, releaseVoucher, spendVoucher } from "../vouchers/index.ts";
import { newAttemptNumber } from "./attempt-numbers.ts";
import { slipOf, slipView } from "./bank-slip.ts";
import { eInvoiceAttachment, type ReceiptRef, receiptAttachment, receiptOrderPart, slipAttachments } from "./mail-attachments.ts";
import { branchOf } from "./order-branch.ts";
import { sourcesOf } from "./order-states.ts";
import { orderConfirmationMail, paymentReceivedMail } from "./orders.mail.ts";
import {
  activeCouponUses,
  attemptsOf,
  expiredOrderIds,
  findOrderByCart,
  findOrderByCode,
  findOrderById,
  findOrderByKey,
  insertAlert,
  insertAttempt,
  insertCouponUse,
  insertHistory,
  insertOrder,
  insertOrderLines,
  insertReservations,
  moveAttemptStatus,
  moveReservations,
  nextInSequence,
  type OrderRow,
  orderLines,
  releaseCouponUse,
  toPayOf,
} from "./orders.repository.ts";
import { formHtml, hostedFormOf, payByVoucher, settleFromStatus, walletOf } from "./payments.service.ts";
import { pageAfter } from "./return-pages.ts";
import { moveStatus } from "./transitions.ts";

export const ORDER_ERRORS = {
  cartEmpty: "error.checkout.cartEmpty",
  cartUpdated: "core.notifications.cartUpdated",
  outOfStock: "error.checkout.outOfStock",
  couponUsedUp: "error.checkout.couponUsedUp",
  idempotencyMismatch: "error.checkout.idempotencyMismatch",
  orderNotFound: "error.checkout.orderNotFound",
  notPayable: "error.checkout.notPayable",
} as const;

/** The payment attempt of an order a gift voucher pays in full. */
export const VOUCHER_PROVIDER = "voucher";

/** Where the checkout's consents are assigned (SPEC §3 Consent assigned_to). */
const CHECKOUT_PLACE = "checkout";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 16 random letters and digits (Vendure's length): unguessable, so a code alone reveals no order count. */
function newOrderCode(): string {
  return Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/**
 * The token that reads an order on the success page: derived from the secret and the code, so a
 * repeated order/create answers the same one and nothing needs storing. My orders use it for an
 * order whose owner is logged in.
 */
export function accessTokenOf(ctx: RequestCtx, code: string): string {
  return createHmac("sha256", ctx.config.secret).update(`order-access:${code}`).digest("base64url");
}

export function tokenMatches(ctx: RequestCtx, code: string, token: string): boolean {
  return sameText(accessTokenOf(ctx, code), token);
}

/** How long the link in a confirmation e-mail opens its order. */
const ORDER_LINK_DAYS = 60;

/** The e-mail link's signature: for this code until this time, so a link cannot be stretched or moved. */
function linkTokenOf(ctx: RequestCtx, code: string, expires: number): string {
  return createHmac("sha256", ctx.config.secret).update(`order-link:${code}:${expires}`).digest("base64url");
}

/**
 * Where the confirmation e-mail leads: a registered customer's order page, or for a guest a link
 * that opens the order in any browser until it expires (issue 11: the guest's way back to it).
 */
export function orderLinkOf(ctx: RequestCtx, order: OrderRow, now = Date.now()): string {
  const locale = toLocale(order.language_code) ?? DEFAULT_LOCALE;
  if (order.user_id !== null) {
    return `${ctx.config.publicUrl}${localizedPath("profileOrder", locale, { code: order.code })}`;
  }
  const expires = Math.floor(now / 1000) + ORDER_LINK_DAYS * 24 * 3600;
  const query = new URLSearchParams({ code: order.code, expires: String(expires), token: linkTokenOf(ctx, order.code, expires) });
  return `${ctx.config.publicUrl}${SYSTEM_ROUTES.orderLink}?${query}`;
}

/** SPEC-less but expected: the e-mail's link opens its order (its access token) until it expires; else 'not found'. */
export async function openOrderLink(ctx: RequestCtx, code: string, expires: number, token: string) {
  const order = await findOrderByCode(ctx.db, code);
  if (!order || expires * 1000 < Date.now() || !sameText(linkTokenOf(ctx, code, expires), token)) {
    throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  }
  return { accessToken: accessTokenOf(ctx, order.code), locale: toLocale(order.language_code) ?? DEFAULT_LOCALE };
}

const cents = (eur: number) => Math.round(eur * 100);

/** SPEC §4 Cart change check: item count, each line's price and quantity, the total, the card and the voucher's part must be as seen. */
function cartChanged(seen: NonNullable<OrderCreateBody["seen"]>, now: ValidateCartAnswer & { itemCount: number }): boolean {
  if (seen.itemCount !== now.itemCount || seen.items.length !== now.items.length) return true;
  if (cents(seen.cartTotal) !== cents(now.cartTotal) || seen.validateMemberCard !== now.validateMemberCard) return true;
  if (seen.voucher !== undefined && cents(seen.voucher) !== cents(now.voucher)) return true;
  const current = new Map(now.items.map((i) => [i.itemId, i]));
  return seen.items.some((i) => {
    const c = current.get(i.itemId);
    return !c || c.qty !== i.qty || cents(c.finalPrice) !== cents(i.finalPrice);
  });
}

/** Paid through the card provider (its hosted form or its wallet): the order waits for that payment. */
const isOnline = (kind: string) => kind === "card" || kind === "wallet";

function initialStatuses(kind: PaymentChoice["kind"], paidByVoucher: boolean) {
  // The others are placed at once and paid later; an order a voucher pays in full is paid at once.
  const online = isOnline(kind) && !paidByVoucher;
  return { status: online ? "pending_payment" : "placed", payment: "initiated", fulfilment: "unfulfilled" } as const;
}

async function customerEmail(tx: RequestCtx, draft: OrderDraft): Promise<string> {
  const email = tx.user ? (await loadUserView(tx.db, tx.user.id))?.email : draft.checkout.email;
  if (!email) throw new AppError("VALIDATION_ERROR", CHECKOUT_ERRORS.noActiveUser);
  return email;
}

async function paymentOf(tx: RequestCtx, draft: OrderDraft): Promise<PaymentChoice> {
  if (!draft.digitalOnly && !draft.delivery) throw fieldError("deliveryMethodId", CHECKOUT_ERRORS.shippingMethodUndefined);
  if (draft.delivery && draft.delivery.branches.length > 0 && !draft.delivery.branches.some((b) => b.id === draft.checkout.branchId)) {
    throw fieldError("branchId", CHECKOUT_ERRORS.shippingBranchUndefined);
  }
  const methods = await applicablePaymentMethods(tx, { digitalOnly: draft.digitalOnly, delivery: draft.delivery });
  const method = methods.find((m) => m.id === draft.cart.payment_method_id);
  if (!method) throw fieldError("paymentMethodId", CHECKOUT_ERRORS.paymentMethodUndefined);
  return method;
}

/** Takes the stock of every unit, products in id order (one lock order: no deadlock between two orders). */
async function reserveStock(tx: RequestCtx, draft: OrderDraft): Promise<{ productId: number; qty: number }[]> {
  const held: { productId: number; qty: number }[] = [];
  for (const [productId, qty] of [...draft.units].sort(([a], [b]) => a - b)) {
    const taken = await takeStock(tx.db, productId, qty);
    if (taken === "short") {
      const name = draft.lines.find((l) => l.productId === productId)?.name ?? String(productId);
      throw new AppError("CONFLICT", ORDER_ERRORS.outOfStock, {
        params: { name, stock: Math.max(0, (await stockOf(tx.db, productId)) ?? 0) },
      });
    }
    if (taken === "taken") held.push({ productId, qty });
  }
  return held;
}

/** Counts the coupon use against its total and per-customer limits (SPEC coupon; reference A6 rule 3). */
async function claimCoupon(tx: RequestCtx, draft: OrderDraft, customerKey: string): Promise<void> {
  const coupon = draft.coupon;
  if (!coupon) return;
  if (coupon.per_customer_limit !== null && (await activeCouponUses(tx.db, coupon.id, customerKey)) >= coupon.per_customer_limit) {
    throw new AppError("CONFLICT", ORDER_ERRORS.couponUsedUp);
  }
  if (!(await claimCouponUse(tx.db, coupon.id))) throw new AppError("CONFLICT", ORDER_ERRORS.couponUsedUp);
}

async function place(tx: RequestCtx, draft: OrderDraft, body: OrderCreateBody, key: string | undefined, now: string): Promise<OrderRow> {
  if (draft.lines.length === 0) throw new AppError("VALIDATION_ERROR", ORDER_ERRORS.cartEmpty);
  if (body.seen && cartChanged(body.seen, draft.seen)) throw new AppError("CONFLICT", ORDER_ERRORS.cartUpdated);
  if (!draft.checkout.delivery) throw fieldError("delivery", CHECKOUT_ERRORS.addressMissing);
  const email = await customerEmail(tx, draft);
  const payment = await paymentOf(tx, draft);
  await checkRequiredConsents(tx, CHECKOUT_PLACE, body.consents);
  const customerKey = tx.user ? accountActor(tx.user.id) : `email:${email.toLowerCase()}`;

  const voucher = draft.voucher;
  if (voucher?.problem) throw fieldError("voucherCode", voucher.problem);
  const held = await reserveStock(tx, draft);
  await claimCoupon(tx, draft, customerKey);

  const year = Number(now.slice(0, 4));
  const number = `${year}-${String(await nextInSequence(tx.db, "order", year)).padStart(6, "0")}`;
  const totals = draft.totals.cents;
  const byVoucher = totals.voucher > 0 && voucher?.voucher ? voucher.voucher : undefined;
  const paidInFull = byVoucher !== undefined && totals.toPay === 0;
  const statuses = initialStatuses(payment.kind, paidInFull);
  const online = statuses.status === "pending_payment";
  const expiry = tx.config.orderExpiryMinutes ?? ORDER_EXPIRY_MINUTES_DEFAULT;
  const branch = draft.delivery?.branches.find((b) => b.id === draft.checkout.branchId) ?? null;
  const code = newOrderCode();
  const customer = JSON.stringify({ delivery: draft.checkout.delivery, billing: draft.checkout.billing, company: draft.checkout.company });
  const orderId = await insertOrder(tx.db, {
    code,
    number,
    cart_id: draft.cart.id,
    cart_version: draft.cart.version,
    idempotency_key: key ?? null,
    request_hash: requestHash(body),
    user_id: tx.user?.id ?? null,
    email,
    language_code: tx.locale,
    status: statuses.status,
    payment_status: statuses.payment,
    fulfilment_status: statuses.fulfilment,
    currency: MAIN_CURRENCY.code,
    items_cents: totals.itemsTotal,
    discount_cents: totals.discount,
    delivery_cents: totals.delivery,
    tax_cents: totals.tax,
    total_cents: totals.orderTotal,
    vat: JSON.stringify(draft.totals.vat.map((v) => ({ rate: v.rate, baseCents: v.netCents, taxCents: v.vatCents }))),
    coupon_id: draft.coupon?.id ?? null,
    coupon_code: draft.coupon?.code ?? null,
    voucher_cents: byVoucher ? totals.voucher : 0,
    voucher_code: byVoucher?.code ?? null,
    member_card: draft.memberCard ? draft.cart.member_card : null,
    delivery_method_id: draft.delivery?.id ?? null,
    delivery_name: draft.delivery?.name ?? null,
    branch_id: branch?.id ?? null,
    branch: branch ? JSON.stringify(branch) : null,
    payment_method_id: payment.id,
    payment_kind: payment.kind,
    payment_name: payment.name,
    customer,
    search_text: searchTextOf({ number, code, email, customer }),
    note: [body.orderMessage, draft.cart.instructions].filter(Boolean).join("\n"),
    expires_at: online ? new Date(Date.parse(now) + expiry * 60_000).toISOString() : null,
    created_at: now,
    updated_at: now,
  });
  await insertOrderLines(
    tx.db,
    draft.lines.map((l, i) => ({
      order_id: orderId,
      position: i + 1,
      product_id: l.productId,
      name: l.name,
      sku: l.sku,
      options: JSON.stringify(l.options),
      qty: l.qty,
      unit_cents: l.unitCents,
      row_cents: l.rowCents,
      discount_cents: l.discountCents,
      vat_rate: l.vatRate,
      tax_cents: l.taxCents,
      classification_code: l.classificationCode,
    })),
  );
  await insertReservations(
    tx.db,
    held.map((h) => ({ order_id: orderId, product_id: h.productId, qty: h.qty, status: "held", created_at: now, updated_at: now })),
  );
  if (byVoucher) await spendVoucher(tx, byVoucher, orderId, totals.voucher, now);
  if (draft.coupon)
    await insertCouponUse(tx.db, {
      coupon_id: draft.coupon.id,
      order_id: orderId,
      customer_key: customerKey,
      released_at: null,
      created_at: now,
    });
  const attemptId = await insertAttempt(tx.db, {
    order_id: orderId,
    // Card and wallet attempts name their provider: its callbacks are matched to them. A voucher
    // that pays everything is the attempt itself; otherwise the method's attempt asks for the rest.
    provider: paidInFull ? VOUCHER_PROVIDER : isOnline(payment.kind) && tx.payments ? tx.payments.name : payment.kind,
    provider_order_number: newAttemptNumber(number, 1),
    amount_cents: paidInFull ? totals.voucher : totals.toPay,
    currency: MAIN_CURRENCY.code,
    status: "initiated",
    approval_code: null,
    transaction_id: null,
    created_at: now,
    updated_at: now,
  });
  const actor = tx.user ? accountActor(tx.user.id) : "customer";
  await insertHistory(tx.db, [
    { order_id: orderId, axis: "order", from_status: null, to_status: statuses.status, actor, created_at: now },
    { order_id: orderId, axis: "payment", from_status: null, to_status: statuses.payment, actor, created_at: now },
    { order_id: orderId, axis: "fulfilment", from_status: null, to_status: statuses.fulfilment, actor, created_at: now },
  ]);
  const order = await findOrderById(tx.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
  await recordAcceptedConsents(tx, body.consents, { userId: tx.user?.id ?? null, email });
  // A card order is confirmed once it is paid; the others now.
  if (paidInFull) return payByVoucher(tx, order, attemptId, actor, now);
  const receipt = online ? null : await issueReceipt(tx, order);
  await alertBlockedEInvoice(tx, order, now);
  if (!online) await sendConfirmation(tx, order, receipt);
  return order;
}

/** An order's e-invoice, or what blocks it; null when the order gets none. */
export async function orderEInvoice(ctx: RequestCtx, order: OrderRow) {
  return eInvoiceOf(ctx, order, await orderLines(ctx.db, order.id));
}

/**
 * A company's order whose e-invoice cannot be made (a product without its KPD code, …) still sells
 * with its R1 receipt; staff get an alert to complete the data instead of an invented code.
 */
async function alertBlockedEInvoice(tx: RequestCtx, order: OrderRow, now: string): Promise<void> {
  const outcome = await orderEInvoice(tx, order);
  if (outcome?.kind !== "blocked") return;
  await insertAlert(tx.db, {
    order_id: order.id,
    kind: "einvoice_blocked",
    detail: describeGaps(outcome.gaps),
    created_at: now,
    resolved_at: null,
  });
  tx.logger.error({ event: "einvoice.blocked", orderId: order.id, gaps: outcome.gaps });
}

/**
 * The confirmation e-mail, written into the outbox in the caller's transaction. A bank transfer's
 * mail shows the barcode to scan and carries the slip as a PDF, and a company's also its
 * e-invoice; the order's receipt, issued in the same transaction (a transfer when placed, a card or
 * wallet once paid: their confirmation waits for the payment), is attached as a PDF. All are made
 * when the mail is sent, so the receipt carries the JIR if CIS has answered by then.
 */
export async function sendConfirmation(tx: RequestCtx, order: OrderRow, receipt: ReceiptRef | null): Promise<void> {
  const account = await slipAccount(tx, order);
  const slip = account && slipOf(order, account);
  const locale = toLocale(order.language_code) ?? DEFAULT_LOCALE;
  const instructions = slip && {
    recipient: [slip.recipient.name, slip.recipient.street, slip.recipient.place].filter(Boolean).join(", "),
    iban: slip.iban,
    model: slip.model,
    reference: slip.reference,
  };
  const lines = await orderLines(tx.db, order.id);
  const mail = orderConfirmationMail(order, lines, {
    site: tx.site.name,
    slip: instructions,
    link: orderLinkOf(tx, order),
    receipt: receipt !== null,
  });
  const t = translator(locale);
  const eInvoice = await orderEInvoice(tx, order);
  const attachments = [
    ...(slip
      ? slipAttachments(slip, { locale, title: t("checkout.slip.title", { number: order.number }), filename: slipFilename(order) })
      : []),
    ...(eInvoice?.kind === "ready" ? [eInvoiceAttachment(eInvoice.invoice, eInvoice.filename)] : []),
    ...(receipt ? [receiptAttachment(receipt, receiptOrderPart(order, lines), tx.site.name)] : []),
  ];
  sendMail(tx, { ...mail, attachments });
}

/**
 * What staff find an order by, lowercased in one column: its number and code, the e-mail, and every
 * text of the frozen buyer (names, company, OIB, phone, address). Migration 0024 wrote the same
 * for the orders before it.
 */
export function searchTextOf(order: { number: string; code: string; email: string; customer: string }): string {
  const customer = JSON.parse(order.customer) as Record<string, Record<string, unknown> | null>;
  const values = Object.values(customer).flatMap((part) => (part ? Object.values(part).filter((v) => typeof v === "string") : []));
  return [order.number, order.code, order.email, ...values].join(" ").toLocaleLowerCase("hr");
}

/** The bank transfer of an order placed earlier has arrived: the customer is told, in the outbox of the caller's transaction. */
export async function sendPaymentReceived(tx: RequestCtx, order: OrderRow): Promise<void> {
  sendMail(tx, paymentReceivedMail(order, { site: tx.site.name, link: orderLinkOf(tx, order) }));
}

export const slipFilename = (order: OrderRow) => `uplatnica-${order.number}.pdf`;

/**
 * The answer of order/create; for a card order still waiting, the form of its open attempt, and for
 * a wallet order its payment at the provider (a repeat shows the same one).
 */
async function answerFor(ctx: RequestCtx, order: OrderRow): Promise<OrderCreateAnswer> {
  const paymentType = PAYMENT_TYPE_OF[order.payment_kind];
  const answer = { orderSlug: order.code, accessToken: accessTokenOf(ctx, order.code), paymentType, html: null };
  const provider = ctx.payments;
  const attempt = (await attemptsOf(ctx.db, order.id)).findLast((a) => a.status === "initiated");
  if (order.status !== "pending_payment" || !provider || !attempt || attempt.provider !== provider.name) return answer;
  if (order.payment_kind === "wallet" && provider.wallet) return { ...answer, html: await walletOf(ctx, provider, order, attempt) };
  if (order.payment_kind !== "card") return answer;
  const form = hostedFormOf(ctx, provider, order, attempt);
  return { ...answer, html: formHtml(form, translator(ctx.locale)("checkout.payment.continue")) };
}

/** The same cart, or the same Idempotency-Key with the same body, answers the first order. */
async function priorOrder(ctx: RequestCtx, body: OrderCreateBody, key: string | undefined): Promise<OrderRow | undefined> {
  if (key) {
    const byKey = await findOrderByKey(ctx.db, key);
    if (byKey) {
      if (byKey.request_hash !== requestHash(body))
        throw new AppError("VALIDATION_ERROR", ORDER_ERRORS.idempotencyMismatch, { status: 422 });
      return byKey;
    }
  }
  const cart = await sessionCart(ctx, body);
  if (!cart) throw new AppError("CONFLICT", CART_ERRORS.sessionInvalid);
  return cart.ordered_at === null ? undefined : findOrderByCart(ctx.db, cart.id);
}

/**
 * SPEC §7 order/create: re-prices the cart on the server, reserves stock with conditional updates,
 * counts the coupon use, freezes the lines and closes the cart, in one transaction with the cart
 * locked. A repeat (double click, retry, a second tab) answers the first order.
 */
export async function createOrder(ctx: RequestCtx, body: OrderCreateBody, key: string | undefined): Promise<OrderCreateAnswer> {
  if (body.userId !== undefined && body.userId !== ctx.user?.id) throw new AppError("FORBIDDEN", CHECKOUT_ERRORS.noActiveUser);
  const prior = await priorOrder(ctx, body, key);
  if (prior) return answerFor(ctx, prior);
  try {
    const order = await withOrderDraft(ctx, body, (tx, draft, now) => place(tx, draft, body, key, now));
    return answerFor(ctx, order);
  } catch (error) {
    // Lost the race to a request for the same cart or key: the winner's order is the answer.
    if (error instanceof AppError && error.code === "CONFLICT") {
      const winner = await priorOrder(ctx, body, key).catch(() => undefined);
      if (winner) return answerFor(ctx, winner);
    }
    throw error;
  }
}

/** How the history and the coupon uses name a logged-in customer (anonymised with the account). */
export function accountActor(userId: number): string {
  return `user:${userId}`;
}

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

async function orderFor(ctx: RequestCtx, code: string, token: string): Promise<OrderRow> {
  const order = await findOrderByCode(ctx.db, code);
  if (!order || !tokenMatches(ctx, order.code, token)) throw new AppError("NOT_FOUND", ORDER_ERRORS.orderNotFound);
  return order;
}

/**
 * 'Pay again' for a card or wallet order still waiting for its money (reference A6 rule 8): while an attempt
 * is open its form is shown again, never a second one; after a declined or cancelled attempt a new
 * attempt with a new provider order number. A paid, cancelled or expired order cannot be paid again.
 */
export async function payAgain(ctx: RequestCtx, code: string, token: string): Promise<OrderCreateAnswer> {
  const order = await orderFor(ctx, code, token);
  if (!isOnline(order.payment_kind) || order.status !== "pending_payment" || !ctx.payments) {
    throw new AppError("CONFLICT", ORDER_ERRORS.notPayable);
  }
  const provider = ctx.payments;
  // An open attempt the buyer left (a cancel nobody signed changes nothing) is asked about first:
  // once the provider says it was cancelled or declined, a new attempt follows.
  const open = (await attemptsOf(ctx.db, order.id)).find((a) => a.status === "initiated" && a.provider === provider.name);
  if (open) await settleFromStatus(ctx, provider, open, "pay again");
  await withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const attempts = await attemptsOf(tx.db, order.id);
    if (attempts.some((a) => a.status === "initiated")) return;
    if (!(await moveStatus(tx, order, "payment", "initiated", tx.user ? accountActor(tx.user.id) : "customer", "pay again", now))) {
      throw new AppError("CONFLICT", ORDER_ERRORS.notPayable);
    }
    await insertAttempt(tx.db, {
      order_id: order.id,
      provider: provider.name,
      provider_order_number: newAttemptNumber(order.number, attempts.length + 1),
      amount_cents: toPayOf(order),
      currency: order.currency,
      status: "initiated",
      approval_code: null,
      transaction_id: null,
      created_at: now,
      updated_at: now,
    });
  });
  return answerFor(ctx, (await findOrderById(ctx.db, order.id)) ?? order);
}

/**
 * SPEC §7 order/pgSuccess: the buyer's browser says the card wallet approved. Its word changes
 * nothing by itself (reference A6 rule 1): the provider's status API is asked and `settle` decides.
 * The answer is where the browser goes (`pageAfter`): the success page once paid, the failure page
 * after a decline, else the page of a payment still being checked.
 */
export async function walletApproved(ctx: RequestCtx, code: string, token: string): Promise<{ url: string }> {
  const order = await orderFor(ctx, code, token);
  const provider = ctx.payments;
  const attempt =
    provider && (await attemptsOf(ctx.db, order.id)).findLast((a) => a.provider === provider.name && a.wallet_secret !== null);
  if (order.payment_kind !== "wallet" || !provider || !attempt) throw new AppError("CONFLICT", ORDER_ERRORS.notPayable);
  const page = pageAfter(await settleFromStatus(ctx, provider, attempt, "pgSuccess"));
  const locale = toLocale(order.language_code) ?? DEFAULT_LOCALE;
  return { url: `${localizedPath(page, locale)}?orderSlug=${encodeURIComponent(order.code)}` };
}

/** The slip of a bank-transfer order with something left to pay; other orders, and a shop without an account, have none. */
export async function slipAccount(ctx: RequestCtx, order: OrderRow) {
  return order.payment_kind === "bank_transfer" && toPayOf(order) > 0 ? bankAccount(ctx) : null;
}

/** An order by its code, for the holder of its access token; a wrong token answers like a missing order. */
export async function getOrder(ctx: RequestCtx, code: string, token: string): Promise<OrderView> {
  return orderViewOf(ctx, await orderFor(ctx, code, token));
}

/** What the customer (and staff) see of an order: lines, totals with VAT, delivery, payment and how to pay. */
export async function orderViewOf(ctx: RequestCtx, order: OrderRow): Promise<OrderView> {
  const account = await slipAccount(ctx, order);
  const lines = await orderLines(ctx.db, order.id);
  const customer = parseJson<{ delivery?: { firstName: string; lastName: string }; company?: { companyName: string; oib: string } | null }>(
    order.customer,
    {},
  );
  const vat = parseJson<{ rate: number; baseCents: number; taxCents: number }[]>(order.vat, []);
  return {
    code: order.code,
    number: order.number,
    status: order.status,
    paymentStatus: order.payment_status,
    fulfilmentStatus: order.fulfilment_status,
    createdAt: order.created_at,
    email: order.email,
    currency: order.currency,
    lines: lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      options: parseJson<string[]>(l.options, []),
      qty: l.qty,
      unitPrice: toEur(l.unit_cents),
      rowTotal: toEur(l.row_cents),
      vatRate: l.vat_rate,
    })),
    totals: {
      items: toEur(order.items_cents),
      discount: toEur(order.discount_cents),
      delivery: toEur(order.delivery_cents),
      tax: toEur(order.tax_cents),
      total: toEur(order.total_cents),
      voucher: toEur(order.voucher_cents),
      toPay: toEur(toPayOf(order)),
    },
    vat: vat.map((v) => ({ rate: v.rate, base: toEur(v.baseCents), tax: toEur(v.taxCents) })),
    couponCode: order.coupon_code,
    voucherCode: order.voucher_code && formatVoucherCode(order.voucher_code),
    delivery: order.delivery_name ? { name: order.delivery_name, branch: branchOf(order) } : null,
    payment: { kind: order.payment_kind, name: order.payment_name },
    customer: {
      firstName: customer.delivery?.firstName ?? "",
      lastName: customer.delivery?.lastName ?? "",
      company: customer.company ?? null,
    },
    bankTransfer: account && slipView(ctx, order, account),
  };
}

/**
 * Cancels an order that has not been paid: its stock, coupon use and gift voucher amount go back once
 * (in the transaction of the status change, which only one caller wins). `expired` for an
 * unpaid card order whose time is up, `voided` when cancelled otherwise.
 */
export async function cancelUnpaid(
  tx: RequestCtx,
  orderId: number,
  actor: string,
  reason: string,
  payment: "expired" | "voided",
  now: string,
) {
  if (!(await moveStatus(tx, { id: orderId }, "order", "cancelled", actor, reason, now))) return false;
  await moveStatus(tx, { id: orderId }, "payment", payment, actor, reason, now);
  for (const a of await attemptsOf(tx.db, orderId)) await moveAttemptStatus(tx.db, a.id, sourcesOf("payment", payment), payment, now);
  for (const r of await moveReservations(tx.db, orderId, "held", "released", now)) await returnStock(tx.db, r.product_id, r.qty);
  const couponId = await releaseCouponUse(tx.db, orderId, now);
  if (couponId !== null) await returnCouponUse(tx.db, couponId);
  await releaseVoucher(tx, orderId, now);
  return true;
}

/** The expiry job: unpaid card orders past their time give back stock and coupon (reference A6 rule 3). */
export async function expireUnpaidOrders(ctx: RequestCtx, now = new Date().toISOString()): Promise<number> {
  let expired = 0;
  for (const { id } of await expiredOrderIds(ctx.db, now, 100)) {
    if (await withTransaction(ctx, (tx) => cancelUnpaid(tx, id, "system", "payment time ran out", "expired", now))) expired++;
  }
  return expired;
}
