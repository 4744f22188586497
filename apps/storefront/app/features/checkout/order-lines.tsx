import type { OrderView } from "@shop/contracts";
import { formatNumber } from "@shop/i18n";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { usePrice } from "./checkout-summary.tsx";

/** A placed order's lines and totals with VAT per rate: the success page and the order in the profile show the same. */
export function OrderLines({ order }: { order: OrderView }) {
  const t = useT();
  const locale = useLocale();
  const price = usePrice(order.currency);
  return (
    <>
      <ul className="checkout-summary__lines">
        {order.lines.map((line) => (
          <li key={`${line.sku}-${line.options.join("|")}`} className="checkout-summary__line">
            <span className="checkout-summary__name">
              {line.name}
              {line.options.length > 0 ? <span className="checkout-summary__variant">{line.options.join(" · ")}</span> : null}
            </span>
            <span className="checkout-summary__qty">{`${t("checkout.summary.qty", { qty: line.qty })} ${price(line.unitPrice)}`}</span>
            <span className="checkout-summary__total">{price(line.rowTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-summary__list">
        <div className="cart-summary__row">
          <dt>{t("checkout.totals.items")}</dt>
          <dd>{price(order.totals.items)}</dd>
        </div>
        {order.totals.discount > 0 ? (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{order.couponCode ? t("cart.couponDiscount", { code: order.couponCode }) : t("checkout.totals.discount")}</dt>
            <dd>−{price(order.totals.discount)}</dd>
          </div>
        ) : null}
        {order.delivery ? (
          <div className="cart-summary__row">
            <dt>{t("checkout.totals.delivery")}</dt>
            <dd>{order.totals.delivery === 0 ? t("checkout.free") : price(order.totals.delivery)}</dd>
          </div>
        ) : null}
        {order.vat.map((v) => (
          <div key={v.rate} className="cart-summary__row cart-summary__row--muted">
            <dt>{t("checkout.totals.vat", { rate: formatNumber(locale, v.rate), base: price(v.base) })}</dt>
            <dd>{price(v.tax)}</dd>
          </div>
        ))}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{t("checkout.totals.total")}</dt>
          <dd data-testid="order-total">{price(order.totals.total)}</dd>
        </div>
        {order.voucherCode && order.totals.voucher > 0 ? (
          <>
            <div className="cart-summary__row cart-summary__row--discount">
              <dt>{t("checkout.totals.voucher", { code: order.voucherCode })}</dt>
              <dd>−{price(order.totals.voucher)}</dd>
            </div>
            <div className="cart-summary__row cart-summary__row--total">
              <dt>{t("checkout.totals.toPay")}</dt>
              <dd data-testid="order-to-pay">{price(order.totals.toPay)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </>
  );
}
