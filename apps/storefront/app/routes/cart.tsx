import { type CartView, localeFromPath, type ProductCard, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { formatPrice } from "@shop/i18n";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AddToCartForm } from "../features/cart/add-to-cart-form.tsx";
import { cartOf } from "../features/cart/cart.server.ts";
import { useItemCount } from "../features/cart/cart-modal.tsx";
import {
  CartLines,
  CartSummary,
  CouponForm,
  EmptyCart,
  InstructionsForm,
  MemberCardForm,
  MemberCardLogin,
} from "../features/cart/cart-view.tsx";
import { platformFor } from "../platform.server.ts";
import { useRootData } from "../root.tsx";
import { useLocale, usePath, useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/cart";

const CROSS_SELL_MAX = 4;

/**
 * Cross-sells of the first line's product (its main product for a variant), without what is in the
 * cart already: one public, cached product read per page view.
 */
async function crossSells(request: Request, context: Route.LoaderArgs["context"], cart: CartView | null): Promise<ProductCard[]> {
  const first = cart?.items[0];
  if (!first) return [];
  const platform = platformFor(context, request, localeFromPath(new URL(request.url).pathname)).withToken(undefined);
  const slug = first.productData.mainProductSlug ?? first.productData.slug;
  const product = await platform.callPublic(api.catalog.getProduct, { query: { slug } });
  if (!product.ok) return [];
  const inCart = new Set(cart.items.map((i) => i.productId));
  return product.data.crossSellProducts.filter((p) => !inCart.has(p.id) && !p.archived).slice(0, CROSS_SELL_MAX);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await cartOf(context);
  const related = await crossSells(request, context, cart);
  return { cart, related };
}

/** Every cart post reloads the page's cart, failed ones too (a failed coupon takes the coupon off). */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === SYSTEM_ROUTES.cartAction) return true;
  return defaultShouldRevalidate;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const root = useRootData();
  const count = useItemCount();
  const { cart, related } = loaderData;
  const filled = cart && cart.items.length > 0 ? cart : null;
  return (
    <div className="cart-page container">
      <title>{t("cart.title")}</title>
      <meta name="robots" content="noindex, follow" />
      <h1 className="cart-page__title">
        {t("cart.title")}
        {filled ? <span className="cart-page__count"> ({count(filled.itemCount)})</span> : null}
      </h1>
      {filled ? (
        <div className="cart-layout">
          <div className="cart-layout__main">
            <CartLines cart={filled} />
            <div className="cart-extras">
              <CouponForm cart={filled} />
              {root.user ? <MemberCardForm cart={filled} /> : <MemberCardLogin />}
              <InstructionsForm cart={filled} />
            </div>
          </div>
          <section className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-summary__title">
              {t("cart.summary")}
            </h2>
            <CartSummary cart={filled} />
            <Link to={path("checkout")} className="button button--block button--large cart-summary__checkout">
              {t("cart.checkout")}
            </Link>
            <Link to={path("shop")} className="cart-summary__continue">
              {t("cart.continueShopping")}
            </Link>
          </section>
        </div>
      ) : (
        <EmptyCart />
      )}
      {related.length > 0 ? <CrossSells products={related} /> : null}
    </div>
  );
}

function CrossSells({ products }: { products: ProductCard[] }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  return (
    <section className="cart-cross-sells" aria-labelledby="cart-cross-sells-title">
      <h2 id="cart-cross-sells-title">{t("cart.crossSells")}</h2>
      <ul className="cart-cross-sells__list">
        {products.map((p) => {
          const image = p.media[0];
          return (
            <li key={p.id} className="cart-cross-sell">
              {image ? (
                <img
                  src={image.src}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                  className="cart-cross-sell__image"
                />
              ) : null}
              <Link to={path("product", { slug: p.slug })} className="cart-cross-sell__name">
                {p.name}
              </Link>
              <p className="cart-cross-sell__price">{formatPrice(locale, p.finalPrice, p.currency || "EUR")}</p>
              {p.directlyAddable && p.inStock ? (
                <AddToCartForm productId={p.id} qty={1} className="add-to-cart cart-cross-sell__add" />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
