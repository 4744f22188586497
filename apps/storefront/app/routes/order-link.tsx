import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { openOrderLink } from "../features/checkout/order.server.ts";
import { OrderNotFound } from "../features/checkout/placed-order.tsx";
import type { Route } from "./+types/order-link";

/** /order/open?code=…&expires=…&token=…: the link in the confirmation e-mail (features/checkout/order.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return openOrderLink(request, context);
}

export const headers = () => NO_STORE;

/** Reached only when the link opens nothing: expired, changed, or for no order. */
export default function OrderLinkPage() {
  return <OrderNotFound />;
}
