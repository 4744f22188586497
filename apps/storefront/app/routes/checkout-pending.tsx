import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { loadPendingPayment } from "../features/checkout/order.server.ts";
import { PendingPayment } from "../features/checkout/pending-payment.tsx";
import { OrderNotFound } from "../features/checkout/placed-order.tsx";
import type { Route } from "./+types/checkout-pending";

/** /naplata/provjera?orderSlug=…: a card payment still being checked (features/checkout/order.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPendingPayment(request, context);
}

export const headers = () => NO_STORE;

export default function CheckoutPendingPage({ loaderData }: Route.ComponentProps) {
  return loaderData.order ? <PendingPayment order={loaderData.order} refresh={loaderData.refresh} /> : <OrderNotFound />;
}
