/** What the app and other modules use of orders: placing and reading them, and the expiry job. */

export { alertStaff } from "./alerts.ts";
export { orderMailAttachments } from "./mail-attachments.ts";
export type { OrderOwner } from "./my-orders.repository.ts";
export { anonymiseOrders, exportOrders } from "./my-orders.service.ts";
export { accountActor, cancelUnpaid, createOrder, expireUnpaidOrders, getOrder } from "./orders.service.ts";
export { providerUrls, reconcileAttempts, settle, settleTransfer } from "./payments.service.ts";
export { refundOrder } from "./refunds.service.ts";
export { moveStatus } from "./transitions.ts";
