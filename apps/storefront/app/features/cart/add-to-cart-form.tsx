import { SYSTEM_ROUTES } from "@shop/contracts";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useT } from "../../ui/i18n.tsx";

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
 * post to the cart action, so it works before JavaScript loads.
 */
export function AddToCartForm({ productId, qty, options, disabled, label, className, children }: AddToCartFormProps) {
  const t = useT();
  return (
    <Form method="post" action={SYSTEM_ROUTES.cartAction} className={className ?? "add-to-cart"}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {qty !== undefined ? <input type="hidden" name="qty" value={qty} /> : null}
      {options !== undefined ? <input type="hidden" name="options" value={JSON.stringify(options)} /> : null}
      {children}
      <button type="submit" className="button add-to-cart__button" disabled={disabled}>
        {label ?? t("cart.add")}
      </button>
    </Form>
  );
}
