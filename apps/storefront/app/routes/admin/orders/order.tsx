import { type AdminOrderAction, type AdminOrderDetail, formatVoucherCode, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { ADMIN_ORDER_ACTIONS } from "@shop/contracts/api/admin-orders.ts";
import { orderCodeParams } from "@shop/contracts/schemas/checkout.ts";
import { formatPrice, translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { parseEuros } from "../../../features/admin/euros.ts";
import { OrderLines } from "../../../features/checkout/order-lines.tsx";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/order";
import { orderHref } from "./order-filters.ts";
import "../../../styles/forms.css";
import "../../../styles/cart.css";
import "../../../styles/checkout.css";
import "../../../styles/admin-orders.css";

type Args = Route.LoaderArgs | Route.ActionArgs;

/** The order of the address, or the same 404 for a malformed code as for one no order has. */
async function orderOf(args: Args, staff: Staff): Promise<AdminOrderDetail> {
  const t = translator(staff.locale);
  const params = orderCodeParams.safeParse({ code: args.params.code });
  if (!params.success) throw data(t("error.notFound"), { status: 404 });
  const result = await adminCall(args, staff.platform, api.adminOrders.get, { params: params.data });
  if (!result.ok) throw data(result.status === 404 ? t("error.notFound") : result.message, { status: failureStatus(result) });
  return result.data;
}

/** What a card or wallet payment still has to give back: paid minus what earlier refunds took. */
export function refundableCents(detail: AdminOrderDetail): number {
  return detail.payments
    .filter((p) => p.status === "paid" || p.status === "partially_refunded")
    .reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const detail = await orderOf(args, staff);
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    detail,
    refundable: refundableCents(detail),
    done: ADMIN_ORDER_ACTIONS.find((a) => a === done) ?? null,
  };
}

interface ActionData {
  intent: AdminOrderAction;
  formError: string | null;
  fieldErrors: FieldErrors;
  values?: Record<string, string>;
}

const isAction = (value: string): value is AdminOrderAction => (ADMIN_ORDER_ACTIONS as readonly string[]).includes(value);

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const detail = await orderOf(args, staff);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  if (!isAction(intent)) throw data(null, { status: 400 });
  const params = { code: detail.order.code };
  const failed = (status: number, formError: string | null, fieldErrors: FieldErrors = {}, values?: Record<string, string>) =>
    data<ActionData>({ intent, formError, fieldErrors, values }, { status });
  let result: Awaited<ReturnType<typeof callAction>>;
  if (intent === "refund") {
    const values = { amount: formText(form, "amount"), reason: formText(form, "reason") };
    const cents = parseEuros(values.amount);
    const max = refundableCents(detail);
    const maxText = formatPrice(staff.locale, max / 100, detail.order.currency);
    if (cents === null || cents === undefined || cents <= 0) return failed(400, null, { amount: t("admin.orders.error.amount") }, values);
    if (cents > max) return failed(400, null, { amount: t("admin.orders.error.amountTooHigh", { max: maxText }) }, values);
    result = await callAction(args, staff, intent, params, { amountCents: cents, reason: values.reason || undefined });
    if (!result.ok) return failed(failureStatus(result), failureText(result, t), failureFields(result), values);
  } else {
    const reference = formText(form, "reference");
    result = await callAction(args, staff, intent, params, { reference: reference || undefined });
    if (!result.ok) return failed(failureStatus(result), failureText(result, t), failureFields(result), { reference });
  }
  throw redirect(`${orderHref(detail.order.code)}?done=${intent}`);
}

function callAction(
  args: Route.ActionArgs,
  staff: Staff,
  intent: AdminOrderAction,
  params: { code: string },
  input: { reference?: string; amountCents?: number; reason?: string },
) {
  const { platform } = staff;
  switch (intent) {
    case "markPaid":
      return adminCall(args, platform, api.adminOrders.markPaid, { params, body: { reference: input.reference } });
    case "refund":
      return adminCall(args, platform, api.adminOrders.refund, {
        params,
        body: { amountCents: input.amountCents ?? 0, reason: input.reason },
      });
    case "readyForPickup":
      return adminCall(args, platform, api.adminOrders.readyForPickup, { params });
    case "fulfil":
      return adminCall(args, platform, api.adminOrders.fulfil, { params });
    case "cancel":
      return adminCall(args, platform, api.adminOrders.cancel, { params });
    case "resendConfirmation":
      return adminCall(args, platform, api.adminOrders.resendConfirmation, { params });
  }
}

type Address = AdminOrderDetail["addresses"]["delivery"];

function AddressBlock({ title, address }: { title: string; address: Address }) {
  const t = useT();
  const lines = address
    ? [
        [address.firstName, address.lastName].filter(Boolean).join(" "),
        [address.street, address.houseNumber].filter(Boolean).join(" "),
        [address.zipCode, address.city].filter(Boolean).join(" "),
        address.country,
        address.contactPhone ? `${t("admin.orders.order.phone")}: ${address.contactPhone}` : "",
        address.contactEmail ?? "",
      ].filter(Boolean)
    : [];
  return (
    <div>
      <h3>{title}</h3>
      {lines.length > 0 ? (
        <address>
          {lines.map((line) => (
            <span key={line} className="admin-orders-address-line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p>{t("admin.orders.order.noAddress")}</p>
      )}
    </div>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { detail, done } = loaderData;
  const { order } = detail;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Zagreb" });
  const when = (iso: string) => <time dateTime={iso}>{time.format(new Date(iso))}</time>;
  const cents = (amount: number) => formatPrice(locale, amount / 100, order.currency);
  const title = t("admin.orders.order.heading", { number: order.number });
  return (
    <section className="admin-page admin-order" aria-labelledby="admin-heading">
      <title>{`${title} – ${t("admin.title")}`}</title>
      <p>
        <Link to={SYSTEM_ROUTES.adminOrders}>{t("admin.orders.back")}</Link>
      </p>
      <h1 id="admin-heading">{title}</h1>
      <p>{t("admin.orders.order.placedAt", { date: time.format(new Date(order.createdAt)) })}</p>
      {done ? <Notice kind="success">{t(`admin.orders.done.${done}`)}</Notice> : null}
      <ul className="admin-orders-statuses" aria-label={t("admin.orders.order.statuses")}>
        <li>
          {t("admin.orders.order.axis.order")}: <strong>{t(`orders.status.order.${order.status}`)}</strong>
        </li>
        <li>
          {t("admin.orders.order.axis.payment")}: <strong>{t(`orders.status.payment.${order.paymentStatus}`)}</strong>
        </li>
        <li>
          {t("admin.orders.order.axis.fulfilment")}: <strong>{t(`orders.status.fulfilment.${order.fulfilmentStatus}`)}</strong>
        </li>
      </ul>

      <div className="admin-order__grid">
        <section className="admin-card" aria-labelledby="order-actions">
          <h2 id="order-actions">{t("admin.orders.order.actions")}</h2>
          {detail.actions.length === 0 ? <p>{t("admin.orders.order.noActions")}</p> : null}
          {detail.actions.map((a) => (
            <ActionForm
              key={a}
              action={a}
              email={order.email}
              refundable={cents(loaderData.refundable)}
              result={actionData?.intent === a ? actionData : null}
            />
          ))}
        </section>

        <section className="admin-card" aria-labelledby="order-lines">
          <h2 id="order-lines">{t("admin.orders.order.lines")}</h2>
          <OrderLines order={order} />
        </section>

        <section className="admin-card" aria-labelledby="order-customer">
          <h2 id="order-customer">{t("admin.orders.order.customer")}</h2>
          <dl className="admin-orders-facts">
            <dt>{t("admin.orders.order.customer")}</dt>
            <dd>{`${order.customer.firstName} ${order.customer.lastName}`.trim() || "—"}</dd>
            <dt>{t("admin.orders.order.email")}</dt>
            <dd>{order.email}</dd>
            {order.customer.company ? (
              <>
                <dt>{t("admin.orders.order.company")}</dt>
                <dd>{order.customer.company.companyName}</dd>
                <dt>{t("admin.orders.order.oib")}</dt>
                <dd>{order.customer.company.oib}</dd>
              </>
            ) : null}
            <dt>{t("admin.orders.order.deliveryMethod")}</dt>
            <dd>{order.delivery?.name ?? "—"}</dd>
            {order.delivery?.branch ? (
              <>
                <dt>{t("admin.orders.order.pickup")}</dt>
                <dd>
                  {order.delivery.branch.name}
                  <span className="admin-orders-line">{order.delivery.branch.address}</span>
                </dd>
              </>
            ) : null}
            <dt>{t("admin.orders.order.payment")}</dt>
            <dd>{order.payment.name}</dd>
            {order.bankTransfer ? (
              <>
                <dt>{t("admin.orders.order.reference")}</dt>
                <dd>{`${order.bankTransfer.model} ${order.bankTransfer.reference}`}</dd>
              </>
            ) : null}
            {detail.note ? (
              <>
                <dt>{t("admin.orders.order.note")}</dt>
                <dd>{detail.note}</dd>
              </>
            ) : null}
          </dl>
          <div className="admin-orders-addresses">
            <AddressBlock title={t("admin.orders.order.delivery")} address={detail.addresses.delivery} />
            <AddressBlock title={t("admin.orders.order.billing")} address={detail.addresses.billing} />
          </div>
        </section>

        <section className="admin-card" aria-labelledby="order-timeline">
          <h2 id="order-timeline">{t("admin.orders.order.timeline")}</h2>
          <ol className="admin-orders-timeline">
            {detail.history.map((h) => (
              <li key={`${h.axis}-${h.to}-${h.at}`}>
                {when(h.at)} · {t(`admin.orders.order.axis.${h.axis}`)}: <strong>{t(`orders.status.${h.axis}.${h.to}`)}</strong>
                <span className="admin-orders-line">{t("admin.orders.order.by", { actor: h.actor })}</span>
              </li>
            ))}
          </ol>
          {detail.payments.length > 0 ? (
            <>
              <h3>{t("admin.orders.order.payments")}</h3>
              <ul>
                {detail.payments.map((p) => (
                  <li key={p.number}>
                    {t("admin.orders.order.paymentLine", {
                      provider: p.provider,
                      amount: cents(p.amountCents),
                      refunded: cents(p.refundedCents),
                    })}{" "}
                    ({t(`orders.status.payment.${p.status}`)})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {detail.receipt ? (
            <>
              <h3>{t("admin.orders.order.receipt")}</h3>
              <p>
                {t("admin.orders.order.receiptLine", {
                  number: detail.receipt.number,
                  jir: detail.receipt.jir ?? t("admin.orders.order.jirPending"),
                })}
              </p>
            </>
          ) : null}
          {detail.alerts.length > 0 ? (
            <>
              <h3>{t("admin.orders.order.alerts")}</h3>
              <ul>
                {detail.alerts.map((a) => (
                  <li key={`${a.kind}-${a.createdAt}`}>
                    {when(a.createdAt)} · {a.kind}: {a.detail}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section className="admin-card" aria-labelledby="order-documents">
          <h2 id="order-documents">{t("admin.orders.order.documents")}</h2>
          {detail.documents.length === 0 ? (
            <p>{t("admin.orders.order.noDocuments")}</p>
          ) : (
            <ul>
              {detail.documents.map((d) => (
                <li key={d.id}>
                  <a href={SYSTEM_ROUTES.adminOrderDocument.replace(":id", d.id)} download={d.filename}>
                    {t(`documents.kind.${d.kind}`, {
                      n: detail.documents.filter((o) => o.kind === d.kind).indexOf(d) + 1,
                      code: formatVoucherCode(d.id.split("-")[1] ?? ""),
                    })}
                  </a>{" "}
                  <span className="admin-table__sub">{d.filename}</span>
                </li>
              ))}
            </ul>
          )}
          <h2>{t("admin.orders.order.mails")}</h2>
          {detail.mails.length === 0 ? (
            <p>{t("admin.orders.order.noMails")}</p>
          ) : (
            <ul>
              {detail.mails.map((m) => (
                <li key={`${m.subject}-${m.createdAt}`}>
                  {when(m.sentAt ?? m.createdAt)} · {m.subject} ({t(`admin.orders.order.mailStatus.${m.status}`)})
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}

function ActionForm({
  action,
  email,
  refundable,
  result,
}: {
  action: AdminOrderAction;
  email: string;
  refundable: string;
  result: ActionData | null;
}) {
  const t = useT();
  const label = t(`admin.orders.action.${action}`);
  return (
    <Form method="post" className="form admin-orders-action" aria-label={label}>
      {result?.formError ? <Notice kind="error">{result.formError}</Notice> : null}
      <input type="hidden" name="intent" value={action} />
      {action === "markPaid" ? (
        <>
          <p className="field__hint">{t("admin.orders.action.markPaidHint")}</p>
          <Field
            name="reference"
            id="action-reference"
            label={t("admin.orders.action.bankReference")}
            maxLength={35}
            defaultValue={result?.values?.reference}
            error={result?.fieldErrors.reference}
          />
        </>
      ) : null}
      {action === "refund" ? (
        <>
          <Field
            name="amount"
            id="action-amount"
            label={t("admin.orders.action.refundAmount")}
            hint={t("admin.orders.action.refundHint", { max: refundable })}
            inputMode="decimal"
            required
            defaultValue={result?.values?.amount}
            error={result?.fieldErrors.amount ?? result?.fieldErrors.amountCents}
          />
          <Field
            name="reason"
            id="action-reason"
            label={t("admin.orders.action.refundReason")}
            maxLength={200}
            defaultValue={result?.values?.reason}
            error={result?.fieldErrors.reason}
          />
        </>
      ) : null}
      {action === "cancel" ? <p className="field__hint">{t("admin.orders.action.cancelHint")}</p> : null}
      {action === "resendConfirmation" ? <p className="field__hint">{t("admin.orders.action.resendHint", { email })}</p> : null}
      <button type="submit" className={action === "cancel" ? "button button--small button--ghost" : "button button--small"}>
        {label}
      </button>
    </Form>
  );
}
