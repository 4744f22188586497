import type { DocumentView, MyOrderView } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { Form, Link, useSearchParams } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { usePrice } from "../checkout/checkout-summary.tsx";
import { documentHref, OrderDocuments } from "../checkout/order-documents.tsx";
import { OrderLines } from "../checkout/order-lines.tsx";
import { statusWords } from "./order-words.ts";
import "../../styles/checkout.css";

/**
 * SPEC §2 Profile order details: the lines, totals with VAT per rate, the status history in words,
 * the pickup branch, the payment method and state, the HUB-3 slip again for a bank transfer and
 * 'pay again' for an unpaid card order, and the documents to download.
 */
export function MyOrder({ order, documents }: { order: MyOrderView; documents: DocumentView[] }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  const price = usePrice(order.currency);
  const [search] = useSearchParams();
  const branch = order.delivery?.branch ?? null;
  const title = t("orders.order.title", { number: order.number });
  const slip = documents.find((d) => d.kind === "paymentSlip");
  return (
    <div className="profile-page container">
      <title>{`${title} – ${t("profile.title")}`}</title>
      <meta name="robots" content="noindex" />
      <p>
        <Link to={path("profileOrders")}>{t("orders.back")}</Link>
      </p>
      <h1>{title}</h1>
      <dl className="details card profile-section">
        <div>
          <dt>{t("orders.date")}</dt>
          <dd>{formatDate(locale, order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t("orders.status")}</dt>
          <dd data-testid="order-status">{statusWords(t, "order", order.status)}</dd>
        </div>
        <div>
          <dt>{t("orders.payment")}</dt>
          <dd>{`${order.payment.name} – ${statusWords(t, "payment", order.paymentStatus)}`}</dd>
        </div>
        <div>
          <dt>{t("orders.axis.fulfilment")}</dt>
          <dd>{statusWords(t, "fulfilment", order.fulfilmentStatus)}</dd>
        </div>
      </dl>
      {order.payable ? (
        <section className="card profile-section" aria-labelledby="pay-again-title">
          <h2 id="pay-again-title">{t("orders.payAgain")}</h2>
          {search.get("payAgain") === "failed" ? <Notice kind="error">{t("orders.payAgainFailed")}</Notice> : null}
          <p>{t("orders.payAgainText")}</p>
          {/* A whole-page post: the provider form that comes back sends itself only when the page loads. */}
          <Form method="post" reloadDocument>
            <button type="submit" className="button">
              {t("orders.payAgain")}
            </button>
          </Form>
        </section>
      ) : null}
      {order.bankTransfer ? (
        <section className="card profile-section checkout-bank" aria-labelledby="bank-title">
          <h2 id="bank-title">{t("checkout.success.bankTitle")}</h2>
          <dl className="checkout-facts checkout-facts--stacked">
            <div>
              <dt>{t("bankTransfer.slip.amount")}</dt>
              <dd>{price(order.bankTransfer.amount)}</dd>
            </div>
            <div>
              <dt>{t("bankTransfer.slip.iban")}</dt>
              <dd className="checkout-facts__code">{order.bankTransfer.iban}</dd>
            </div>
            <div>
              <dt>{t("bankTransfer.slip.reference")}</dt>
              <dd className="checkout-facts__code">{`${order.bankTransfer.model} ${order.bankTransfer.reference}`}</dd>
            </div>
          </dl>
          {slip ? (
            <p>
              <a href={documentHref(slip, path("profileOrders"))}>{t("checkout.success.slipPdf")}</a>
            </p>
          ) : null}
        </section>
      ) : null}
      <OrderDocuments documents={documents} from={path("profileOrders")} className="card profile-section" />
      {order.delivery ? (
        <section className="card profile-section" aria-labelledby="delivery-title">
          <h2 id="delivery-title">{branch ? t("checkout.success.pickup") : t("checkout.success.delivery")}</h2>
          <p>{order.delivery.name}</p>
          {branch ? (
            <p data-testid="pickup-branch">
              <strong>{branch.name}</strong>
              <br />
              {branch.address}
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="card profile-section" aria-labelledby="lines-title">
        <h2 id="lines-title">{t("checkout.success.lines")}</h2>
        <OrderLines order={order} />
      </section>
      <section className="card profile-section" aria-labelledby="history-title">
        <h2 id="history-title">{t("orders.history")}</h2>
        <ol className="order-history">
          {order.history.map((entry, i) => (
            // The history only grows: its position is its identity.
            <li key={i}>
              <time dateTime={entry.at}>{formatDate(locale, entry.at)}</time>{" "}
              {t("orders.historyEntry", { axis: t(`orders.axis.${entry.axis}`), status: statusWords(t, entry.axis, entry.to) })}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
