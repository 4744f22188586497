import type { AddressInput, CheckoutState, CompanyData } from "@shop/contracts";
import { checkoutState } from "@shop/contracts/api/cart.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type DeliveryChoice, deliveryChoice } from "../checkout/index.ts";
import type { CartRow } from "./cart.repository.ts";

/** What the checkout keeps on the cart (carts.checkout JSON), besides the chosen method ids and branch. */
export interface StoredCheckout {
  email?: string;
  delivery?: AddressInput;
  billing?: AddressInput | null;
  company?: CompanyData | null;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The chosen pickup branch (SPEC §3 Cart options deliveryBranchId). */
export function branchIdOf(cart: CartRow): number | null {
  const id = parseJson(cart.options).deliveryBranchId;
  return typeof id === "number" && Number.isInteger(id) ? id : null;
}

export function checkoutOf(cart: CartRow): CheckoutState {
  const stored = parseJson(cart.checkout) as StoredCheckout;
  const parsed = checkoutState.safeParse({
    email: stored.email ?? cart.guest_email ?? null,
    delivery: stored.delivery ?? null,
    billing: stored.billing ?? null,
    company: stored.company ?? null,
    branchId: branchIdOf(cart),
  });
  // Only our own writes are stored; a row from an older shape starts the checkout afresh.
  return parsed.success ? parsed.data : { email: cart.guest_email, delivery: null, billing: null, company: null, branchId: null };
}

/** The delivery method chosen on the cart while it still delivers to the cart's country; else none. */
export async function chosenDelivery(ctx: RequestCtx, cart: CartRow): Promise<DeliveryChoice | undefined> {
  if (cart.delivery_method_id === null) return undefined;
  return deliveryChoice(ctx, cart.delivery_method_id, checkoutOf(cart).delivery?.country ?? null);
}
