import type { RequestCtx } from "../../http/context.ts";
import { insertAlert } from "./orders.repository.ts";

/** A staff alert on an order (order_alerts, unresolved), logged as an error too; in the caller's transaction. */
export async function alertStaff(tx: RequestCtx, orderId: number, kind: string, detail: string): Promise<void> {
  await insertAlert(tx.db, { order_id: orderId, kind, detail, created_at: new Date().toISOString(), resolved_at: null });
  tx.logger.error({ requestId: tx.requestId, event: `alert.${kind}`, orderId, detail });
}
