import type { ProductPrices } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { useLocale, useT } from "../../ui/i18n.tsx";

/** Below this many units the page says how few are left. */
export const LOW_STOCK = 5;

/**
 * The prices of SPEC §3: the final price; while a discount runs the struck regular price and the
 * percent (SPEC §9); the membership price; the VAT it includes.
 */
export function PriceBlock({ prices, id }: { prices: ProductPrices; id?: string }) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatPrice(locale, amount, prices.currency);
  const discount = prices.discount;
  return (
    <div className="price-block" id={id} aria-live="polite">
      <p className="price-block__main">
        <span className="sr-only">{t("product.price")}: </span>
        <span className="price-block__final">{money(prices.finalPrice)}</span>
        {discount ? (
          <>
            <span className="sr-only">, {t("product.regularPrice")}: </span>
            <s className="price-block__retail">{money(discount.retailPrice)}</s>
            <span className="price-block__badge">-{discount.percent} %</span>
          </>
        ) : null}
      </p>
      {prices.membershipPrice !== null ? (
        <p className="price-block__member">
          {t("product.membershipPrice")}: <strong>{money(prices.membershipPrice)}</strong>
        </p>
      ) : null}
      <p className="price-block__vat">{t("product.vatIncluded", { rate: prices.vatRate, tax: money(prices.tax) })}</p>
    </div>
  );
}

/** 'Na zalihi', 'Rasprodano' or 'Još samo N'; products not kept in stock are always available. */
export function StockState({ stock, inStock }: { stock: number | null; inStock: boolean }) {
  const t = useT();
  if (!inStock || stock === 0) return <p className="stock stock--out">{t("product.stock.out")}</p>;
  if (stock !== null && stock <= LOW_STOCK) return <p className="stock stock--low">{t("product.stock.low", { count: stock })}</p>;
  return <p className="stock stock--in">{t("product.stock.in")}</p>;
}
