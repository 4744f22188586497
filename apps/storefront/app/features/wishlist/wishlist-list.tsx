import type { WishlistPage } from "@shop/contracts";
import { SYSTEM_ROUTES } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { Notice, Toasts } from "../../ui/notice.tsx";
import { useWishlistFetcher, WishlistFields } from "./wishlist-button.tsx";

/** The customer's wishlist on the profile: product links, prices and a remove button each. */
export function WishlistList({ wishlist }: { wishlist: WishlistPage | null }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  const { fetcher, toasts } = useWishlistFetcher();
  const removing = fetcher.state !== "idle";
  return (
    <section className="card wishlist" aria-labelledby="wishlist-title">
      <Toasts messages={toasts} />
      <h2 id="wishlist-title">{t("wishlist.title")}</h2>
      {wishlist === null ? (
        <Notice kind="info">{t("wishlist.loadFailed")}</Notice>
      ) : wishlist.records.length === 0 ? (
        <p className="wishlist__empty">{t("wishlist.empty")}</p>
      ) : (
        <ul className="wishlist__list">
          {wishlist.records.map(({ id, product }) => {
            const image = product.media[0];
            return (
              <li key={id} className="wishlist-item">
                {image ? (
                  <img src={image.src} alt="" width={64} height={64} loading="lazy" decoding="async" className="wishlist-item__image" />
                ) : (
                  <span className="wishlist-item__image wishlist-item__image--empty" aria-hidden="true" />
                )}
                <div className="wishlist-item__text">
                  <Link to={path("product", { slug: product.slug })} className="wishlist-item__name">
                    {product.name}
                  </Link>
                  <p className="wishlist-item__price">
                    {formatPrice(locale, product.finalPrice, product.currency)}
                    {product.discount ? (
                      <s className="wishlist-item__retail">
                        <span className="sr-only">{t("product.regularPrice")}: </span>
                        {formatPrice(locale, product.discount.retailPrice, product.currency)}
                      </s>
                    ) : null}
                  </p>
                </div>
                {/* The same toggle as the heart: the product is on the list, so it comes off. */}
                <fetcher.Form method="post" action={SYSTEM_ROUTES.wishlistAction} className="wishlist-toggle" preventScrollReset>
                  <WishlistFields productId={product.id} />
                  <button type="submit" className="button button--ghost button--small" aria-disabled={removing || undefined}>
                    {t("wishlist.remove")}
                    <span className="sr-only">: {product.name}</span>
                  </button>
                </fetcher.Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
