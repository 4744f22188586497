import type { CartView } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import type { ChosenDelivery } from "./checkout-data.ts";
import { stepHref } from "./checkout-steps.ts";

export function usePrice(currency: string) {
  const locale = useLocale();
  return (amount: number) => formatPrice(locale, amount, currency || "EUR");
}

/**
 * The order beside every step (SPEC §2 Checkout, payment step's summary): lines, totals with VAT and
 * delivery; on the payment step also who it goes to and how, each with a way back to change it (the
 * delivery only where there is a shipping step: with skipShippingStep it is chosen for the customer).
 */
export function CheckoutSummary({
  cart,
  delivery,
  review,
  deliveryEditable,
}: {
  cart: CartView;
  delivery?: ChosenDelivery | null;
  review?: boolean;
  deliveryEditable?: boolean;
}) {
  const t = useT();
  const path = usePath();
  const price = usePrice(cart.prices.currency);
  const { prices } = cart;
  const address = cart.checkout.delivery;
  const deliveryText =
    cart.deliveryMethodId === null
      ? t("checkout.summary.deliveryLater")
      : prices.delivery === 0
        ? t("checkout.free")
        : price(prices.delivery);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {t("checkout.summary.title")}
      </h2>
      <ul className="checkout-summary__lines" aria-label={t("cart.lines")}>
        {cart.items.map((item) => (
          <li key={item.itemId} className="checkout-summary__line">
            <span className="checkout-summary__name">
              {item.productData.name}
              {item.productData.variantLabels.length > 0 ? (
                <span className="checkout-summary__variant">{item.productData.variantLabels.join(" · ")}</span>
              ) : null}
            </span>
            <span className="checkout-summary__qty">
              {t("checkout.summary.qty", { qty: item.qty })} {price(item.prices.unitPrice)}
            </span>
            <span className="checkout-summary__total">{price(item.prices.rowTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-summary__list">
        <div className="cart-summary__row">
          <dt>{t("cart.itemsTotal")}</dt>
          <dd>{price(prices.itemsTotal)}</dd>
        </div>
        {cart.couponCode ? (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{t("cart.couponDiscount", { code: cart.couponCode })}</dt>
            <dd>−{price(Math.abs(prices.coupon))}</dd>
          </div>
        ) : null}
        {prices.loyalty > 0 ? (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{t("cart.loyaltyDiscount")}</dt>
            <dd>−{price(prices.loyalty)}</dd>
          </div>
        ) : null}
        {cart.digitalOnly ? null : (
          <div className="cart-summary__row">
            <dt>{t("cart.delivery")}</dt>
            <dd>{deliveryText}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--muted">
          <dt>{t("cart.taxIncluded")}</dt>
          <dd>{price(prices.tax)}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{t("cart.grandTotal")}</dt>
          <dd data-testid="checkout-total">{price(prices.orderTotal)}</dd>
        </div>
        {cart.voucher && prices.voucher > 0 ? (
          <>
            <div className="cart-summary__row cart-summary__row--discount">
              <dt>{t("checkout.totals.voucher", { code: cart.voucher.code })}</dt>
              <dd>−{price(prices.voucher)}</dd>
            </div>
            <div className="cart-summary__row cart-summary__row--total">
              <dt>{t("checkout.totals.toPay")}</dt>
              <dd data-testid="checkout-to-pay">{price(prices.toPay)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {review && address ? (
        <div className="checkout-summary__review">
          <h3>{t("checkout.summary.contact")}</h3>
          <p>
            {address.firstName} {address.lastName}
            <br />
            {address.contactEmail}, {address.contactPhone}
            <br />
            {address.street} {address.houseNumber}, {address.zipCode} {address.city}
            {cart.checkout.company ? (
              <>
                <br />
                {cart.checkout.company.companyName}, OIB {cart.checkout.company.oib}
              </>
            ) : null}
          </p>
          <Link to={stepHref(path("checkout"), "address")}>
            {t("checkout.summary.edit")}
            <span className="sr-only">: {t("checkout.summary.contact")}</span>
          </Link>
          {delivery ? (
            <>
              <h3>{t("checkout.summary.delivery")}</h3>
              <p>
                {delivery.name}
                {delivery.branch ? (
                  <>
                    <br />
                    <strong>{delivery.branch.name}</strong>, {delivery.branch.address}
                  </>
                ) : null}
              </p>
              {deliveryEditable ? (
                <Link to={stepHref(path("checkout"), "shipping")}>
                  {t("checkout.summary.edit")}
                  <span className="sr-only">: {t("checkout.summary.delivery")}</span>
                </Link>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </aside>
  );
}
