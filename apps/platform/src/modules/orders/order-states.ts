import type { FulfilmentStatus, OrderStatus, PaymentStatus } from "@shop/contracts";

/**
 * The transition tables of the order's three status axes (the statuses: @shop/contracts; reference
 * A6 rule 7). Every change goes through `canMove` and writes a history row; nothing else sets a status.
 */

export type Axis = "order" | "payment" | "fulfilment";
type StatusOf<A extends Axis> = A extends "order" ? OrderStatus : A extends "payment" ? PaymentStatus : FulfilmentStatus;

const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  // A card order is placed when its payment is; unpaid it expires (cancelled).
  pending_payment: ["placed", "cancelled"],
  placed: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  initiated: ["authorized", "paid", "failed", "voided", "expired"],
  authorized: ["paid", "voided", "expired"],
  paid: ["partially_refunded", "refunded"],
  partially_refunded: ["partially_refunded", "refunded"],
  refunded: [],
  // A failed card attempt may be tried again with a new attempt; the order's axis follows it.
  failed: ["initiated"],
  voided: [],
  expired: [],
};

const FULFILMENT_MOVES: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  unfulfilled: ["ready_for_pickup", "fulfilled"],
  ready_for_pickup: ["fulfilled"],
  fulfilled: [],
};

const MOVES: { [A in Axis]: Record<StatusOf<A>, readonly StatusOf<A>[]> } = {
  order: ORDER_MOVES,
  payment: PAYMENT_MOVES,
  fulfilment: FULFILMENT_MOVES,
};

export function canMove<A extends Axis>(axis: A, from: StatusOf<A>, to: StatusOf<A>): boolean {
  return (MOVES[axis][from] as readonly string[]).includes(to);
}

/** Every status that may move to `to` on the axis: the guard of the conditional update. */
export function sourcesOf<A extends Axis>(axis: A, to: StatusOf<A>): StatusOf<A>[] {
  return (Object.entries(MOVES[axis]) as [StatusOf<A>, readonly StatusOf<A>[]][])
    .filter(([, next]) => next.includes(to))
    .map(([from]) => from);
}
