import type { ProductCard } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";

/** Products bought with this one (SPEC §3 crossSellProducts): a row of cards linking to their pages. */
export function CrossSells({ products }: { products: ProductCard[] }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  if (products.length === 0) return null;
  return (
    <section className="cross-sells" aria-labelledby="cross-sells-title">
      <h2 id="cross-sells-title">{t("product.crossSells")}</h2>
      <ul className="cross-sells__list">
        {products.map((p) => {
          const image = p.media[0];
          return (
            <li key={p.id} className="mini-card">
              <Link to={path("product", { slug: p.slug })} className="mini-card__link">
                {image ? (
                  <img
                    src={image.src}
                    alt=""
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    decoding="async"
                    className="mini-card__image"
                  />
                ) : (
                  <span className="mini-card__image mini-card__image--empty" aria-hidden="true" />
                )}
                <span className="mini-card__name">{p.name}</span>
              </Link>
              <p className="mini-card__price">
                <span>{formatPrice(locale, p.finalPrice, p.currency)}</span>
                {p.discount ? (
                  <s className="mini-card__retail">
                    <span className="sr-only">{t("product.regularPrice")}: </span>
                    {formatPrice(locale, p.discount.retailPrice, p.currency)}
                  </s>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
