import type { BranchView } from "@shop/contracts";
import type { OrderRow } from "./orders.repository.ts";

/** The pickup branch as the order froze it; an order placed before branches had hours reads as hours not known. */
export function branchOf(order: Pick<OrderRow, "branch">): BranchView | null {
  if (order.branch === null) return null;
  const branch = JSON.parse(order.branch) as Omit<BranchView, "hours"> & { hours?: BranchView["hours"] };
  return { ...branch, hours: branch.hours ?? null };
}
