import { loadOrderDocument } from "../features/checkout/documents.server.ts";
import type { Route } from "./+types/order-document";

/** GET /order/document/:id: an order's receipt or slip as a PDF (features/checkout/documents.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadOrderDocument(args);
}
