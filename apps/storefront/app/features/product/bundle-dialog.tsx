import { type CartItemOptions, SYSTEM_ROUTES } from "@shop/contracts";
import { type MouseEvent, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../ui/i18n.tsx";
import { AddToCartForm } from "../cart/add-to-cart-form.tsx";
import { ConfigureFirst } from "./configure-first.tsx";
import { CustomOptionInputs, QuantityInput } from "./custom-options.tsx";
import type { ProductPageData } from "./product.server.ts";
import { bundleOptions, type OptionValues, PARAM } from "./product-query.ts";
import { VariantSelectors } from "./variant-selectors.tsx";
import { choose, findVariant, partPrefix, type Selection } from "./variants.ts";

export const BUNDLE_ANCHOR = "bundle-customise";
const PARTS_FORM_ID = "bundle-parts-form";
const NOT_SET_ID = "bundle-not-set";

/** The 'customise' link's click with scripts: the dialog opens as a modal (without, the link jumps to it). */
export function openBundleDialog(event: MouseEvent<HTMLAnchorElement>) {
  const dialog = document.getElementById(BUNDLE_ANCHOR);
  if (!(dialog instanceof HTMLDialogElement)) return;
  event.preventDefault();
  dialog.showModal();
}

/**
 * SPEC §2 Bundle customisation modal: close button, the bundle's name, the quantity already in the
 * cart, a quantity input, add to cart, and the parts with a select per variant attribute and the
 * custom option inputs. Addable only when every configurable part has a variant (SPEC §4).
 * A native modal dialog: it traps focus, Escape and the close button close it, and focus returns to
 * the opener. Without scripts it shows in place on the page, its choices sent by a GET form.
 */
export function BundleDialog({ data }: { data: ProductPageData }) {
  const t = useT();
  const location = useLocation();
  const { product, purchase, cartItem } = data;
  const [parts, setParts] = useState<Record<number, Selection>>(purchase.parts);
  const [values, setValues] = useState<OptionValues>(cartItem?.values ?? {});
  const [qty, setQty] = useState(String(cartItem?.qty ?? 1));
  const [notSet, setNotSet] = useState(purchase.addTried);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const chosen = bundleOptions(product, parts);
  const options: CartItemOptions | null = chosen ? { customPriceOption: [], personalizations: {}, bundleOptions: chosen } : null;
  const close = () => {
    const dialog = document.getElementById(BUNDLE_ANCHOR);
    if (dialog instanceof HTMLDialogElement) dialog.close();
  };
  return (
    <dialog
      id={BUNDLE_ANCHOR}
      className="dialog-panel bundle-dialog"
      aria-labelledby="bundle-dialog-title"
      aria-modal={interactive || undefined}
      // Sent to the cart: the modal's work is done; the cart's answer (toast or cart modal) shows on the page.
      onSubmit={(event) => {
        if (event.target instanceof HTMLFormElement && event.target.getAttribute("action") === SYSTEM_ROUTES.cartAction) close();
      }}
    >
      <div className="bundle-dialog__head">
        <h2 id="bundle-dialog-title">{product.name}</h2>
        <button type="button" className="dialog-panel__close bundle-dialog__close" onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("common.close")}</span>
        </button>
      </div>
      <p className="bundle-dialog__intro">{t("product.bundle.intro")}</p>
      {cartItem ? <p className="bundle-dialog__in-cart">{t("product.bundle.inCart", { count: cartItem.qty })}</p> : null}
      <form id={PARTS_FORM_ID} method="get" action={`${location.pathname}#${BUNDLE_ANCHOR}`} className="bundle-parts-form">
        {cartItem ? <input type="hidden" name={PARAM.cartItemId} value={cartItem.itemId} /> : null}
        <ul className="bundle-parts">
          {product.bundles.map((part) => {
            const p = part.product;
            const configurable = p.format === "configurable";
            const selection = parts[p.id] ?? {};
            const variant = configurable ? findVariant(p.associatedProductsAttributes, p.associatedProducts, selection) : null;
            const image = (variant?.media[0] ?? p.media[0]) || null;
            return (
              <li key={part.id} className="bundle-part">
                <div className="bundle-part__head">
                  {image ? (
                    <img src={image.src} alt="" width={56} height={56} loading="lazy" decoding="async" className="bundle-part__image" />
                  ) : null}
                  <div>
                    <p className="bundle-part__name">
                      {p.name} <span className="bundle-part__qty">× {part.qty}</span>
                    </p>
                    {variant ? <p className="bundle-part__variant">{variant.sku}</p> : null}
                  </div>
                </div>
                {configurable ? (
                  <VariantSelectors
                    attributes={p.associatedProductsAttributes}
                    variants={p.associatedProducts}
                    selection={selection}
                    prefix={partPrefix(p.id)}
                    onChoose={(code, valueId) => {
                      setParts((current) => ({
                        ...current,
                        [p.id]: choose(p.associatedProductsAttributes, p.associatedProducts, current[p.id] ?? {}, code, valueId),
                      }));
                      setNotSet(false);
                    }}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        <button type="submit" className="button button--ghost button--small nojs-only">
          {t("product.applyChoice")}
        </button>
      </form>
      {options ? (
        <AddToCartForm productId={product.id} options={options} className="add-to-cart bundle-dialog__add" disabled={!product.inStock}>
          <CustomOptionInputs
            options={product.customOptions}
            values={values}
            currency={product.currency}
            onChange={(id, v) => setValues((c) => ({ ...c, [id]: v }))}
            idBase="bundle"
          />
          <QuantityInput id="bundle-qty" value={qty} onChange={setQty} />
        </AddToCartForm>
      ) : (
        <ConfigureFirst
          form={PARTS_FORM_ID}
          noticeId={NOT_SET_ID}
          shown={notSet}
          onShow={() => setNotSet(true)}
          className="bundle-dialog__not-set"
          buttonClassName="button"
        />
      )}
    </dialog>
  );
}
