import type { ProductCard as ProductCardData } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { ResponsiveImage } from "../../ui/responsive-image.tsx";
import { AddToCartForm } from "../cart/add-to-cart-form.tsx";

/** What a grid card shows: loaders send only this (and one picture), not the whole product card. */
export type Card = Pick<
  ProductCardData,
  "id" | "name" | "slug" | "media" | "finalPrice" | "discount" | "membershipPrice" | "currency" | "directlyAddable" | "featured" | "inStock"
>;

export function toCard(p: ProductCardData): Card {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    media: p.media.slice(0, 1),
    finalPrice: p.finalPrice,
    discount: p.discount,
    membershipPrice: p.membershipPrice,
    currency: p.currency,
    directlyAddable: p.directlyAddable,
    featured: p.featured,
    inStock: p.inStock,
  };
}

/** How wide a card's image is drawn in the grids of shop.css. */
const CARD_SIZES = "(min-width: 1200px) 270px, (min-width: 900px) 24vw, (min-width: 600px) 33vw, 50vw";

/** Final price, the struck-through regular price and its discount percent, the card holders' price. */
export function ProductPrices({ card }: { card: Card }) {
  const t = useT();
  const locale = useLocale();
  const price = (amount: number) => formatPrice(locale, amount, card.currency);
  const discounted = card.discount !== null && card.discount.retailPrice > card.finalPrice;
  return (
    <div className="product-price">
      <p className="product-price__row">
        <span className="product-price__final">
          {discounted ? <span className="sr-only">{t("shop.price.now")} </span> : null}
          {price(card.finalPrice)}
        </span>
        {discounted && card.discount ? (
          <>
            <s className="product-price__old">
              <span className="sr-only">{t("shop.price.was")} </span>
              {price(card.discount.retailPrice)}
            </s>
            <span className="product-price__badge">
              <span className="sr-only">{t("shop.price.discount")} </span>-{card.discount.percent} %
            </span>
          </>
        ) : null}
      </p>
      {card.membershipPrice !== null ? (
        <p className="product-price__member">{t("shop.price.member", { price: price(card.membershipPrice) })}</p>
      ) : null}
    </div>
  );
}

/**
 * One product in a grid (SPEC §2): image, name linking to the product page, prices, stock and the
 * add-to-cart control. Products that need a choice first (SPEC §4 Addability: a configurable
 * product, a bundle with a configurable part) link to their page instead. The name's link covers
 * the whole card; the add button sits above it.
 */
export function ProductCard({ card, priority = false }: { card: Card; priority?: boolean }) {
  const t = useT();
  const path = usePath();
  const href = path("product", { slug: card.slug });
  const image = card.media[0];
  return (
    <article className={`product-card${card.inStock ? "" : " is-sold-out"}`} data-product-id={card.id}>
      <div className="product-card__media">
        {image ? (
          <ResponsiveImage image={{ ...image, alt: "" }} sizes={CARD_SIZES} priority={priority} className="product-card__image" />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true" />
        )}
        {card.featured ? <span className="product-card__flag">{t("shop.card.featured")}</span> : null}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={href} className="product-card__link" prefetch="intent">
            {card.name}
          </Link>
        </h3>
        <ProductPrices card={card} />
        {card.inStock ? null : <p className="product-card__stock">{t("shop.card.soldOut")}</p>}
      </div>
      <div className="product-card__actions">
        {!card.inStock ? null : card.directlyAddable ? (
          <AddToCartForm productId={card.id} qty={1} className="add-to-cart product-card__add" label={t("shop.card.add")} />
        ) : (
          <Link to={href} className="button button--ghost button--small product-card__options">
            {t("shop.card.chooseOptions")}
            <span className="sr-only">: {card.name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}

/** Cards in a grid; the first `priority` images load at once (they are likely above the fold). */
export function ProductGrid({ cards, priority = 0, label }: { cards: Card[]; priority?: number; label?: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {cards.map((card, i) => (
        <li key={card.id} className="product-grid__item">
          <ProductCard card={card} priority={i < priority} />
        </li>
      ))}
    </ul>
  );
}
