import { loadMyPaymentSlip } from "../features/profile/orders.server.ts";
import type { Route } from "./+types/my-payment-slip";

/** GET /order/my-payment-slip/:code: the HUB-3 slip of one of the logged-in customer's orders (features/profile/orders.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadMyPaymentSlip(args);
}
