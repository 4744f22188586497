import type { RequestCtx } from "../../http/context.ts";
import { type Axis, canMove, sourcesOf } from "./order-states.ts";
import { findOrderById, insertHistory, moveOrderStatus } from "./orders.repository.ts";

/** One guarded move on one axis with its history row; false when another writer moved it first. */
export async function moveStatus(
  tx: RequestCtx,
  order: { id: number },
  axis: Axis,
  to: string,
  actor: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const column = axis === "order" ? "status" : axis === "payment" ? "payment_status" : "fulfilment_status";
  const current = await findOrderById(tx.db, order.id);
  const from = current?.[column];
  if (from === undefined || !canMove(axis, from as never, to as never)) return false;
  if (!(await moveOrderStatus(tx.db, order.id, column, sourcesOf(axis, to as never), to, now))) return false;
  await insertHistory(tx.db, [{ order_id: order.id, axis, from_status: from, to_status: to, actor, reason, created_at: now }]);
  return true;
}
