import type { CartView } from "@shop/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { type ToastMessage, Toasts } from "../../ui/notice.tsx";
import { plural } from "../../ui/plural.ts";
import { CART_MODAL_PARAM } from "./cart-action-data.ts";
import { onCartModalOpen, onCartToast } from "./cart-events.ts";
import { CartLines, CartSummary, CouponForm, EmptyCart } from "./cart-view.tsx";
// The header link and the modal are on every page, so the cart's styles travel with the layout.
import "../../styles/cart.css";

/** Count of the cart's items with the right plural ('1 proizvod', '3 proizvoda', '5 proizvoda'). */
export function useItemCount() {
  const t = useT();
  const locale = useLocale();
  // Croatian, German and English plural categories are all among one / few / other.
  return (count: number) => {
    const category = plural(locale, count);
    const key = category === "one" ? "cart.items.one" : category === "few" ? "cart.items.few" : "cart.items.other";
    return t(key, { count });
  };
}

/**
 * SPEC §2 Cart modal (cart-modal): the cart in compact form, 70 % wide and 80 % high (full width on
 * phones), opened after an add when the shop's behaviour is the popup. A modal <dialog>: focus moves
 * in, Escape closes it, a click outside closes it, and focus returns to what opened it. Without
 * JavaScript the add redirects back with ?cart=open and the dialog is rendered open.
 */
export function CartModal({ cart }: { cart: CartView | null }) {
  const t = useT();
  const path = usePath();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const search = new URLSearchParams(location.search);
  // Read once: the prop never changes afterwards, so React leaves the dialog's open state to us.
  const [renderedOpen] = useState(() => search.get(CART_MODAL_PARAM) === "open");
  search.delete(CART_MODAL_PARAM);
  const query = search.toString();
  const closeHref = `${location.pathname}${query ? `?${query}` : ""}`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const show = () => {
      opener.current = document.activeElement;
      if (element.open) element.close();
      element.showModal();
    };
    // Arrived open from a post without scripts: becomes a real modal, and the address loses ?cart=open.
    if (element.open) {
      show();
      const url = new URL(window.location.href);
      url.searchParams.delete(CART_MODAL_PARAM);
      window.history.replaceState(window.history.state, "", url);
    }
    const onClose = () => {
      const back = opener.current;
      opener.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
    // The dialog box itself is only hit outside the inner panel: a click on the backdrop (Escape is the keyboard's way).
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener("close", onClose);
    element.addEventListener("click", onBackdrop);
    const stop = onCartModalOpen(show);
    return () => {
      stop();
      element.removeEventListener("close", onClose);
      element.removeEventListener("click", onBackdrop);
    };
  }, []);

  const close = () => dialog.current?.close();
  const count = useItemCount();
  const items = cart?.items.length ? cart : null;

  return (
    <dialog ref={dialog} id="cart-modal" className="dialog-panel cart-modal" aria-labelledby="cart-modal-title" open={renderedOpen}>
      <div className="cart-modal__panel">
        <div className="cart-modal__head">
          <h2 id="cart-modal-title">
            {t("cart.title")}
            {items ? <span className="cart-modal__count"> ({count(items.itemCount)})</span> : null}
          </h2>
          <button type="button" className="dialog-panel__close cart-modal__close--js" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t("common.close")}</span>
          </button>
          <a href={closeHref} className="dialog-panel__close cart-modal__close--nojs">
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t("common.close")}</span>
          </a>
        </div>
        <div className="cart-modal__body">
          {items ? (
            <>
              <CartLines cart={items} compact />
              <CouponForm cart={items} compact />
              <div className="cart-summary cart-summary--compact">
                <CartSummary cart={items} />
              </div>
            </>
          ) : (
            <EmptyCart />
          )}
        </div>
        {items ? (
          <div className="cart-modal__actions">
            <Link to={path("cart")} className="button button--ghost" onClick={close}>
              {t("cart.goToCart")}
            </Link>
            <Link to={path("checkout")} className="button" onClick={close}>
              {t("cart.checkout")}
            </Link>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

/** Toasts of the cart's forms (added, removed, failed), wherever on the page they were sent. */
export function CartToasts({ initial }: { initial: ToastMessage[] }) {
  const [toasts, setToasts] = useState<ToastMessage[]>(initial);
  useEffect(() => onCartToast((toast) => setToasts((list) => [...list.slice(-2), toast])), []);
  return <Toasts messages={toasts} />;
}
