import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../migrations/helpers.ts";
import type { Database } from "../schema.ts";

/**
 * The bench's orders (issue 12's figure: the orders list with 100,000 orders). Copies of the first
 * order in the database, which a checkout placed (so each copy holds the same JSON a real order
 * does), spread over the last year, oldest first, with every order status, payment kind and branch
 * mixed in; each with its own cart, as an order names the cart it came from. Bulk inserts in
 * batches, in one transaction. For bench databases only: it writes no lines, history or payments.
 */

const BATCH = 500;
const DAY_MS = 86_400_000;
const FIRST_NAMES = ["Ana", "Ivan", "Marija", "Luka", "Petra", "Marko", "Ivana", "Josip", "Đurđa", "Tomislav", "Katarina", "Stjepan"];
const LAST_NAMES = ["Horvat", "Kovačević", "Babić", "Marić", "Jurić", "Novak", "Kovačić", "Knežević", "Vuković", "Šimunić", "Perić"];
const CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const PAYMENT_KINDS = ["bank_transfer", "card", "branch", "wallet"] as const;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const orderCode = () => [...randomBytes(16)].map((b) => CODE_CHARS[b % CODE_CHARS.length]).join("");

/** What staff search by, as the orders module writes it (orders.service `searchTextOf`). */
function searchText(number: string, code: string, email: string, customer: string): string {
  const parts = JSON.parse(customer) as Record<string, Record<string, unknown> | null>;
  const values = Object.values(parts).flatMap((part) => (part ? Object.values(part).filter((v) => typeof v === "string") : []));
  return [number, code, email, ...values].join(" ").toLocaleLowerCase("hr");
}

/** Inserts `count` orders; answers the e-mail of one in the middle, for a search that finds one. */
export async function seedBenchOrders(db: Kysely<Database>, dialect: Dialect, count: number): Promise<{ sampleEmail: string }> {
  const { id: _templateId, ...template } = await db.selectFrom("orders").selectAll().orderBy("id").executeTakeFirstOrThrow();
  const methods = await db.selectFrom("payment_methods").select(["id", "code"]).execute();
  const kinds = PAYMENT_KINDS.flatMap((kind) => {
    const method = methods.find((m) => m.code === kind);
    return method ? [{ kind, id: method.id }] : [];
  });
  const branches = await db.selectFrom("branches").select(["id", "name"]).execute();
  // The frozen snapshot of the pickup branch, renamed for each branch (the list shows its name).
  const frozenBranch = JSON.parse(template.branch ?? "{}") as Record<string, unknown>;
  const frozenCustomer = JSON.parse(template.customer) as { delivery?: Record<string, string> };
  const now = Date.now();
  const year = new Date().getUTCFullYear();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const times = Array.from({ length: size }, (_, k) => new Date(now - ((count - start - k) / count) * 365 * DAY_MS).toISOString());
      const carts = await trx
        .insertInto("carts")
        .values(
          times.map((at) => ({
            protect_hash: "bench",
            currency_id: 1,
            options: "{}",
            instructions: "",
            created_at: at,
            updated_at: at,
            ordered_at: at,
          })),
        )
        .returning("id")
        .execute();
      const rows = carts.map((cart, k) => {
        const i = start + k;
        const at = times[k] as string;
        const payment = pick(kinds, i);
        const branch = pick(branches, i);
        const paid = i % 5 !== 0;
        const email = `kupac${i}@example.hr`;
        const number = `${year}-B${String(i).padStart(6, "0")}`;
        const code = orderCode();
        const customer = JSON.stringify({
          ...frozenCustomer,
          delivery: {
            ...frozenCustomer.delivery,
            firstName: pick(FIRST_NAMES, i),
            lastName: pick(LAST_NAMES, Math.floor(i / 7)),
            contactEmail: email,
          },
        });
        return {
          ...template,
          code,
          number,
          cart_id: cart.id,
          idempotency_key: null,
          user_id: null,
          email,
          status: paid ? (i % 3 === 0 ? "completed" : "placed") : i % 10 === 0 ? "cancelled" : "pending_payment",
          payment_status: paid ? "paid" : i % 10 === 0 ? "voided" : "initiated",
          fulfilment_status: paid && i % 3 === 0 ? "fulfilled" : "unfulfilled",
          payment_kind: payment.kind,
          payment_method_id: payment.id,
          branch_id: branch.id,
          branch: JSON.stringify({ ...frozenBranch, id: branch.id, name: branch.name }),
          customer,
          expires_at: null,
          created_at: at,
          updated_at: at,
          search_text: searchText(number, code, email, customer),
        };
      });
      await trx.insertInto("orders").values(rows).execute();
    }
  });
  // PostgreSQL's autovacuum vacuums and analyses a table that grew this much; a bench does not wait for it.
  if (dialect === "postgres") await sql`VACUUM ANALYZE orders`.execute(db);
  return { sampleEmail: `kupac${Math.floor(count / 2)}@example.hr` };
}
