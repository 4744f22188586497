import type { MigrationDb } from "./helpers.ts";

/**
 * Issue 12's orders list: staff find an order by its number or code, the buyer's e-mail, name,
 * company, OIB or phone. `search_text` holds them lowercased in one column (the orders module
 * writes it with the order and when it anonymises one), so one LIKE finds them on both dialects;
 * the list's usual order and its date filter use the index on created_at.
 */
export function orderSearchMigration() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable("orders")
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("orders_number_idx").on("orders").column("number").execute();
      // Orders placed before this migration: the same text the module writes (see orders' searchTextOf).
      const rows = await db.selectFrom("orders").select(["id", "number", "code", "email", "customer"]).execute();
      for (const row of rows as { id: number; number: string; code: string; email: string; customer: string }[]) {
        const customer = JSON.parse(row.customer) as Record<string, Record<string, unknown> | null>;
        const values = Object.values(customer).flatMap((part) => (part ? Object.values(part).filter((v) => typeof v === "string") : []));
        const text = [row.number, row.code, row.email, ...values].join(" ").toLocaleLowerCase("hr");
        await db.updateTable("orders").set({ search_text: text }).where("id", "=", row.id).execute();
      }
    },
  };
}
