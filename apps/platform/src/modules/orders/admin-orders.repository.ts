import type { AdminOrderFilters } from "@shop/contracts";
import type { Database, Dialect, Executor } from "@shop/db";
import { type SelectQueryBuilder, sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

/** The bounds of the filter's days as UTC instants (the caller turns the shop's days into them). */
export interface OrderQuery extends Omit<AdminOrderFilters, "from" | "to"> {
  fromInstant?: string;
  toInstant?: string;
}

/** A GLOB pattern matching `text` anywhere, its own wildcards taken literally. */
const globContains = (text: string) => `*${text.replace(/[[*?]/g, (c) => `[${c}]`)}*`;

/**
 * The search anywhere in `search_text` (lowercase, like the text it searches). SQLite: its trigram
 * index (migration 0027) answers GLOB once the search has a trigram; PostgreSQL's answers the LIKE.
 */
function searchCondition(dialect: Dialect, text: string) {
  const lowered = text.toLocaleLowerCase("hr");
  if (dialect === "sqlite" && [...lowered].length >= 3) {
    return sql<boolean>`id in (select rowid from orders_search_fts where search_text glob ${globContains(lowered)})`;
  }
  return sql<boolean>`search_text like ${likeContains(lowered)} escape '\\'`;
}

function filtered(db: Executor, dialect: Dialect, q: OrderQuery): SelectQueryBuilder<Database, "orders", object> {
  let query = db.selectFrom("orders");
  if (q.status) query = query.where("status", "=", q.status);
  if (q.paymentStatus) query = query.where("payment_status", "=", q.paymentStatus);
  if (q.fulfilmentStatus) query = query.where("fulfilment_status", "=", q.fulfilmentStatus);
  if (q.paymentKind) query = query.where("payment_kind", "=", q.paymentKind);
  if (q.branchId) query = query.where("branch_id", "=", q.branchId);
  if (q.fromInstant) query = query.where("created_at", ">=", q.fromInstant);
  if (q.toInstant) query = query.where("created_at", "<=", q.toInstant);
  if (q.q) query = query.where(searchCondition(dialect, q.q));
  return query;
}

const rowColumns = [
  "code",
  "number",
  "created_at",
  "email",
  "customer",
  "total_cents",
  "currency",
  "status",
  "payment_status",
  "fulfilment_status",
  "payment_kind",
  "payment_name",
  "branch",
] as const;

export type AdminOrderListRow = Awaited<ReturnType<typeof orderPage>>[number];

export function orderPage(db: Executor, dialect: Dialect, q: OrderQuery, page: { offset: number; limit: number }) {
  return filtered(db, dialect, q)
    .select(rowColumns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function orderCount(db: Executor, dialect: Dialect, q: OrderQuery): Promise<number> {
  const row = await filtered(db, dialect, q)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every filtered order for the export, newest first, in pages so that memory stays bounded. */
export async function* ordersForExport(db: Executor, dialect: Dialect, q: OrderQuery, pageSize = 2000) {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await filtered(db, dialect, q)
      .select([...rowColumns, "items_cents", "discount_cents", "delivery_cents", "tax_cents", "coupon_code", "delivery_name"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(offset)
      .limit(pageSize)
      .execute();
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

/** Orders that count as sales (placed or completed) since `from`: when and how much, for the start page. */
export function salesSince(db: Executor, from: string) {
  return db
    .selectFrom("orders")
    .select(["created_at", "total_cents"])
    .where("created_at", ">=", from)
    .where("status", "in", ["placed", "completed"])
    .execute();
}

export function receiptOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom("receipts")
    .select(["sequence", "premise", "device", "status", "zki", "jir", "issued_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

export function alertsOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom("order_alerts")
    .select(["kind", "detail", "created_at", "resolved_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}
