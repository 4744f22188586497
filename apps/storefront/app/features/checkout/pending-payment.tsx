import type { OrderView } from "@shop/contracts";
import { Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { PaymentWait } from "./payment-wait.tsx";
import { OrderFacts } from "./placed-order.tsx";
import "../../styles/checkout.css";

/**
 * A card payment received but not yet confirmed by the provider, or one staff must check (issue 25):
 * it says so, never that the order is done, and asks again until the payment is settled.
 */
export function PendingPayment({ order, refresh }: { order: OrderView; refresh: string | null }) {
  const t = useT();
  const path = usePath();
  const title = t("checkout.pending.title");
  return (
    <div className="checkout-page checkout-success container">
      <title>{`${title} – ${order.number}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="checkout-success__head">
        <h1>{title}</h1>
        <PaymentWait
          page="checkoutPending"
          code={order.code}
          refresh={refresh}
          text={t("checkout.pending.text")}
          slow={t("checkout.pending.slow")}
        />
        <OrderFacts order={order} />
      </header>
      <Link to={path("shop")} className="button checkout-success__continue">
        {t("checkout.success.continue")}
      </Link>
    </div>
  );
}
