import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { AddToCartForm } from "../cart/add-to-cart-form.tsx";
import { Stars } from "../reviews/stars.tsx";
import { WishlistLoginLink, WishlistToggle } from "../wishlist/wishlist-button.tsx";
import { BUNDLE_ANCHOR, BundleDialog, openBundleDialog } from "./bundle-dialog.tsx";
import { ConfigureFirst } from "./configure-first.tsx";
import { CustomOptionInputs, QuantityInput } from "./custom-options.tsx";
import { Gallery } from "./gallery.tsx";
import { PriceBlock, StockState } from "./price-block.tsx";
import type { ProductPageData } from "./product.server.ts";
import { configurableParts, type OptionValues, PARAM } from "./product-query.ts";
import { VariantSelectors } from "./variant-selectors.tsx";
import { choose, findVariant, type Selection, selectionQuery } from "./variants.ts";

export const VARIANT_FORM_ID = "variant-form";
const NOT_SET_ID = "configuration-not-set";

/**
 * The top of the product page: gallery, name, SKU, prices, stock, short description, wishlist heart,
 * variant selectors, custom options, quantity and the add button by SPEC §4 Addability. The chosen
 * variant's prices, stock, SKU and images show; its id is what goes to the cart.
 */
export function ProductHero({ data }: { data: ProductPageData }) {
  const t = useT();
  const { product, purchase, cartItem } = data;
  const reviewList = data.reviews.list;
  const location = useLocation();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<Selection>(purchase.selection);
  const [values, setValues] = useState<OptionValues>(cartItem?.values ?? {});
  const [qty, setQty] = useState(String(cartItem?.qty ?? 1));
  const [notSet, setNotSet] = useState(purchase.addTried);

  const configurable = product.format === "configurable";
  const attributes = product.associatedProductsAttributes;
  const variant = configurable ? findVariant(attributes, product.associatedProducts, selection) : null;
  const shown = variant ?? product;
  const media =
    variant && variant.media.length > 0
      ? [...variant.media, ...product.media.filter((m) => !variant.media.some((v) => v.src === m.src))]
      : product.media;
  const needsDialog = product.format === "bundle" && configurableParts(product).length > 0;

  const onChoose = (code: string, valueId: number | null) => {
    const next = choose(attributes, product.associatedProducts, selection, code, valueId);
    setSelection(next);
    setNotSet(false);
    // The address follows the choice (to share or reload it); the route does not reload for it.
    const query = new URLSearchParams(location.search);
    for (const a of attributes) query.delete(a.attributeCode);
    query.delete(PARAM.addTried);
    for (const [k, v] of selectionQuery(next)) query.set(k, v);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  };
  const onOption = (id: number, value: string) => setValues((current) => ({ ...current, [id]: value }));

  const outOfStock = !shown.inStock || shown.stock === 0;
  return (
    <div className="product-hero">
      <div className="product-hero__media">
        <Gallery key={media[0]?.src ?? "none"} media={media} name={product.name} />
      </div>
      <div className="product-hero__info">
        <h1 id="product-title" className="product-hero__name">
          {product.name}
        </h1>
        <p className="product-hero__sku">
          {t("product.sku")}: <span className="product-hero__sku-value">{shown.sku}</span>
        </p>
        {reviewList && reviewList.summary.count > 0 ? (
          <p className="product-hero__rating">
            <Stars value={reviewList.summary.average} max={reviewList.options.NumberOfStars} />
            <a href="#reviews">{t("reviews.summaryLink", { count: reviewList.summary.count })}</a>
          </p>
        ) : null}
        <PriceBlock prices={shown} id="product-price" />
        <StockState stock={shown.stock} inStock={shown.inStock} />
        {product.shortDescription ? <p className="product-hero__short">{product.shortDescription}</p> : null}

        {configurable && attributes.length > 0 ? (
          <form id={VARIANT_FORM_ID} method="get" action={location.pathname} className="variant-form">
            {cartItem ? <input type="hidden" name={PARAM.cartItemId} value={cartItem.itemId} /> : null}
            <VariantSelectors attributes={attributes} variants={product.associatedProducts} selection={selection} onChoose={onChoose} />
            <button type="submit" className="button button--ghost button--small nojs-only">
              {t("product.applyChoice")}
            </button>
          </form>
        ) : null}

        <div className="product-hero__buy">
          {needsDialog ? (
            <>
              <a href={`#${BUNDLE_ANCHOR}`} className="button button--large" onClick={openBundleDialog}>
                {t("product.bundle.customise")}
              </a>
              <BundleDialog data={data} />
            </>
          ) : configurable && !variant ? (
            <ConfigureFirst
              form={VARIANT_FORM_ID}
              noticeId={NOT_SET_ID}
              shown={notSet}
              onShow={() => setNotSet(true)}
              className="product-hero__not-set"
              buttonClassName="button button--large"
            />
          ) : (
            <AddToCartForm productId={variant?.id ?? product.id} disabled={outOfStock} className="add-to-cart product-hero__add">
              <CustomOptionInputs
                options={product.customOptions}
                values={values}
                currency={product.currency}
                onChange={onOption}
                idBase="product"
              />
              <QuantityInput id="product-qty" value={qty} onChange={setQty} />
            </AddToCartForm>
          )}
          {data.wishlist ? (
            <WishlistToggle productId={product.id} wishlisted={data.wishlist.wishlisted} />
          ) : data.loggedIn ? null : (
            <WishlistLoginLink />
          )}
        </div>
      </div>
    </div>
  );
}
