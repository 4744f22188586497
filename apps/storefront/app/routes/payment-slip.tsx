import { loadPaymentSlip } from "../features/checkout/order.server.ts";
import type { Route } from "./+types/payment-slip";

/** GET /order/payment-slip?orderSlug=…: the bank-transfer slip as a PDF (features/checkout/order.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPaymentSlip(request, context);
}
