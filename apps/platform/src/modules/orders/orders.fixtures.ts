import type { Database } from "@shop/db";
import { seedCheckout } from "@shop/db/seed/checkout.ts";
import { COUNTRIES } from "@shop/db/seed/countries.ts";
import type { Kysely } from "kysely";

/** Test-only: the demo shop's countries, branches and delivery and payment methods, from the demo seed itself. */
export async function insertCheckoutSetup(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("countries")
    .values([...COUNTRIES])
    .execute();
  await db.transaction().execute((trx) => seedCheckout({ trx, now: new Date().toISOString(), users: { adminId: 0, customerId: 0 } }));
}

export async function methodIds(db: Kysely<Database>) {
  const delivery = await db.selectFrom("delivery_methods").select(["id", "code"]).execute();
  const payment = await db.selectFrom("payment_methods").select(["id", "code"]).execute();
  const branches = await db.selectFrom("branches").select("id").orderBy("position").execute();
  const byCode = (rows: { id: number; code: string }[], code: string) => rows.find((r) => r.code === code)?.id ?? 0;
  return {
    pickup: byCode(delivery, "pickup"),
    courier: byCode(delivery, "courier"),
    card: byCode(payment, "card"),
    bankTransfer: byCode(payment, "bank_transfer"),
    branch: byCode(payment, "branch"),
    branches: branches.map((b) => b.id),
  };
}
