/** What the app and other modules use of orders: placing and reading them, and the expiry job. */
export { cancelUnpaid, createOrder, expireUnpaidOrders, getOrder, moveStatus } from "./orders.service.ts";
