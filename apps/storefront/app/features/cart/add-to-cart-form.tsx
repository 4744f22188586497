import { CART_ADD_BEHAVIOUR, SYSTEM_ROUTES } from "@shop/contracts";
import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import type { CartActionData } from "./cart-action-data.ts";
import { cartToast, openCartModal } from "./cart-events.ts";
import { CartFormFields } from "./cart-form-fields.tsx";

export interface AddToCartFormProps {
  productId: number;
  /** Fixed quantity; omit to let children render a quantity input named "qty". */
  qty?: number;
  /** The cart item options (SPEC §3) as sent to addItem; JSON-encoded into a hidden field. */
  options?: unknown;
  disabled?: boolean;
  label?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The one add-to-cart control of the shop (product grid, product page, bundle modal). A plain form
 * post to the cart action before JavaScript loads; with it, a fetcher that keeps the page and then
 * follows SPEC §4 After successful add: 0 go to the cart, 1 a toast, 2 the cart modal.
 */
export function AddToCartForm({ productId, qty, options, disabled, label, className, children }: AddToCartFormProps) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const fetcher = useFetcher<CartActionData>();
  const busy = fetcher.state !== "idle";

  // Each answer is acted on once, when the loaders (header count, modal) have caught up.
  const handled = useRef<CartActionData | undefined>(undefined);
  const cartPath = path("cart");
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      cartToast("error", answer.message ?? "");
      return;
    }
    if (answer.behaviour === CART_ADD_BEHAVIOUR.redirectToCart) navigate(cartPath);
    else if (answer.behaviour === CART_ADD_BEHAVIOUR.stay) cartToast("success", answer.message ?? "");
    else openCartModal();
  }, [fetcher.state, fetcher.data, navigate, cartPath]);

  return (
    <fetcher.Form method="post" action={SYSTEM_ROUTES.cartAction} className={className ?? "add-to-cart"} aria-busy={busy || undefined}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <CartFormFields renewOn={[fetcher.data]} />
      {qty !== undefined ? <input type="hidden" name="qty" value={qty} /> : null}
      {options !== undefined ? <input type="hidden" name="options" value={JSON.stringify(options)} /> : null}
      {children}
      <button
        type="submit"
        className={`button add-to-cart__button${busy ? " is-busy" : ""}`}
        disabled={disabled}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          // A second click while one add runs would add twice (SPEC §4 form guard).
          if (busy) event.preventDefault();
        }}
      >
        {label ?? t("cart.add")}
      </button>
    </fetcher.Form>
  );
}
