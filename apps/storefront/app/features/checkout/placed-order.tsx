import type { DocumentView, OrderView, PaymentStatus } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { usePrice } from "./checkout-summary.tsx";
import { documentHref, OrderDocuments } from "./order-documents.tsx";
import { OrderLines } from "./order-lines.tsx";
import { PaymentWait } from "./payment-wait.tsx";
import "../../styles/checkout.css";

const PAID: PaymentStatus = "paid";

/**
 * SPEC §2 Checkout success: the order as placed, what is picked up where, and how to pay by bank
 * transfer. While the card provider still confirms the payment the page says so (`PaymentWait`, and
 * the title a screen reader reads on each reload).
 */
export function PlacedOrder({
  order,
  confirming,
  branchHours,
  documents,
}: {
  order: OrderView;
  confirming: { refresh: string | null } | null;
  /** The pickup branch's opening hours as lines in the page's language; null when not known. */
  branchHours: string[] | null;
  /** The receipt and slip to download. */
  documents: DocumentView[];
}) {
  const t = useT();
  const path = usePath();
  const price = usePrice(order.currency);
  const branch = order.delivery?.branch ?? null;
  const slip = documents.find((d) => d.kind === "paymentSlip");
  const title = confirming ? t("checkout.confirming.title") : t("checkout.success.title");
  return (
    <div className="checkout-page checkout-success container">
      <title>{`${title} – ${order.number}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="checkout-success__head">
        <h1>{title}</h1>
        {confirming ? (
          <PaymentWait
            page="checkoutSuccess"
            code={order.code}
            refresh={confirming.refresh}
            text={t("checkout.confirming.text")}
            slow={t("checkout.confirming.slow")}
          />
        ) : (
          <p className="checkout-success__lead">{t("checkout.success.lead")}</p>
        )}
        <OrderFacts order={order} />
      </header>
      <div className="checkout-layout">
        <div className="checkout-main">
          {order.bankTransfer ? (
            <section className="checkout-card checkout-bank" aria-labelledby="bank-title">
              <h2 id="bank-title">{t("checkout.success.bankTitle")}</h2>
              <p>{t("checkout.success.bankText")}</p>
              <dl className="checkout-facts checkout-facts--stacked">
                <div>
                  <dt>{t("bankTransfer.slip.amount")}</dt>
                  <dd>{price(order.bankTransfer.amount)}</dd>
                </div>
                <div>
                  <dt>{t("bankTransfer.slip.recipient")}</dt>
                  <dd>{order.bankTransfer.recipient}</dd>
                </div>
                <div>
                  <dt>{t("bankTransfer.slip.iban")}</dt>
                  <dd className="checkout-facts__code">{order.bankTransfer.iban}</dd>
                </div>
                <div>
                  <dt>{t("bankTransfer.slip.model")}</dt>
                  <dd className="checkout-facts__code">{order.bankTransfer.model}</dd>
                </div>
                <div>
                  <dt>{t("bankTransfer.slip.reference")}</dt>
                  <dd className="checkout-facts__code">{order.bankTransfer.reference}</dd>
                </div>
                <div>
                  <dt>{t("bankTransfer.slip.description")}</dt>
                  <dd>{order.bankTransfer.description}</dd>
                </div>
              </dl>
              {/* The platform's own SVG (PDF417, HUB-3), its title escaped there: banking apps scan it. */}
              <div className="checkout-bank__barcode" dangerouslySetInnerHTML={{ __html: order.bankTransfer.barcodeSvg }} />
              {slip ? (
                <p>
                  <a href={documentHref(slip, path("checkoutSuccess"))}>{t("checkout.success.slipPdf")}</a>
                </p>
              ) : null}
            </section>
          ) : null}
          <OrderDocuments documents={documents} from={path("checkoutSuccess")} className="checkout-card" />
          {order.delivery ? (
            <section className="checkout-card" aria-labelledby="delivery-title">
              <h2 id="delivery-title">{branch ? t("checkout.success.pickup") : t("checkout.success.delivery")}</h2>
              <p>{order.delivery.name}</p>
              {branch ? (
                <p className="checkout-branch" data-testid="pickup-branch">
                  <strong>{branch.name}</strong>
                  <br />
                  {branch.address}
                  <br />
                  {t("checkout.success.phone")}: <a href={`tel:${branch.phone.replace(/[^\d+]/g, "")}`}>{branch.phone}</a>
                </p>
              ) : null}
              {branch && branchHours ? (
                <>
                  <h3 id="branch-hours-title">{t("footer.openingHours")}</h3>
                  <ul className="checkout-branch__hours" aria-labelledby="branch-hours-title" data-testid="branch-hours">
                    {branchHours.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ) : null}
          <section className="checkout-card" aria-labelledby="customer-title">
            <h2 id="customer-title">{t("checkout.success.customer")}</h2>
            <p>
              {order.customer.firstName} {order.customer.lastName}
              {order.customer.company ? (
                <>
                  <br />
                  {order.customer.company.companyName}, OIB {order.customer.company.oib}
                </>
              ) : null}
            </p>
          </section>
          <section className="checkout-card" aria-labelledby="payment-title">
            <h2 id="payment-title">{t("checkout.success.payment")}</h2>
            <p data-testid="payment-method">{order.payment.name}</p>
            {(order.payment.kind === "card" || order.payment.kind === "wallet") && order.paymentStatus === PAID ? (
              <p data-testid="payment-paid">{t("checkout.success.paid")}</p>
            ) : null}
          </section>
        </div>
        <section className="checkout-summary" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="checkout-summary__title">
            {t("checkout.success.lines")}
          </h2>
          <OrderLines order={order} />
        </section>
      </div>
      <Link to={path("shop")} className="button checkout-success__continue">
        {t("checkout.success.continue")}
      </Link>
    </div>
  );
}

/** The order's number, date and e-mail, at the head of its pages. */
export function OrderFacts({ order }: { order: OrderView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="checkout-facts">
      <div>
        <dt>{t("checkout.success.number")}</dt>
        <dd data-testid="order-number">{order.number}</dd>
      </div>
      <div>
        <dt>{t("checkout.success.date")}</dt>
        <dd>{formatDate(locale, order.createdAt)}</dd>
      </div>
      <div>
        <dt>{t("checkout.success.email")}</dt>
        <dd>{order.email}</dd>
      </div>
    </dl>
  );
}

/** A code this browser holds no token for, or none at all: nothing of any order is shown. */
export function OrderNotFound() {
  const t = useT();
  const path = usePath();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{t("checkout.notFound.title")}</title>
      <meta name="robots" content="noindex" />
      <p className="status-page__eyebrow">
        <span className="status-page__code">404</span>
      </p>
      <h1 id="status-title">{t("checkout.notFound.title")}</h1>
      <p className="status-page__text">{t("checkout.notFound.text")}</p>
      <Link to={path("content")} className="button">
        {t("checkout.notFound.home")}
      </Link>
    </section>
  );
}
