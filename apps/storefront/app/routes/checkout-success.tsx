import { NO_STORE } from "../features/checkout/checkout.server.ts";
import { loadPlacedOrder } from "../features/checkout/order.server.ts";
import { OrderNotFound, PlacedOrder } from "../features/checkout/placed-order.tsx";
import type { Route } from "./+types/checkout-success";

/** /naplata/uspjesna?orderSlug=…: the order just placed (features/checkout/order.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPlacedOrder(request, context);
}

export const headers = () => NO_STORE;

export default function CheckoutSuccessPage({ loaderData }: Route.ComponentProps) {
  return loaderData.order ? (
    <PlacedOrder
      order={loaderData.order}
      confirming={loaderData.confirming}
      branchHours={loaderData.branchHours}
      documents={loaderData.documents}
    />
  ) : (
    <OrderNotFound />
  );
}
