import { DEFAULT_LOCALE, toLocale } from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";
import { productsById } from "../catalog/index.ts";
import { issueVouchers } from "../vouchers/index.ts";
import { type OrderRow, orderLines } from "./orders.repository.ts";

/** The vouchers of a paid order's e-product lines (the shop's e-products are its gift vouchers), in the paying transaction. */
export async function issueOrderVouchers(tx: RequestCtx, order: OrderRow, now: string): Promise<void> {
  const lines = await orderLines(tx.db, order.id);
  const ids = lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]));
  const products = await productsById(tx.db, toLocale(order.language_code) ?? DEFAULT_LOCALE, ids);
  const vouchers = lines.filter((l) => l.product_id !== null && products.get(l.product_id)?.format === "EProduct");
  await issueVouchers(
    tx,
    order,
    vouchers.map((l) => ({ orderLineId: l.id, qty: l.qty, unitCents: l.unit_cents, discountCents: l.discount_cents })),
    now,
  );
}
