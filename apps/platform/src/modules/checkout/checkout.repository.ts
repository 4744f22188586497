import type { Database, Executor } from "@shop/db";
import type { Selectable } from "kysely";

export type BranchRow = Selectable<Database["branches"]>;
export type DeliveryMethodRow = Selectable<Database["delivery_methods"]> & { name: string; description: string; language_code: string };
export type PaymentMethodRow = Selectable<Database["payment_methods"]> & { name: string; description: string; language_code: string };

export function activeBranches(db: Executor): Promise<BranchRow[]> {
  return db.selectFrom("branches").selectAll().where("active", "=", 1).orderBy("position").orderBy("id").execute();
}

/** Every branch, closed ones too (old orders name them): what the back office's order filter offers. */
export function branchNames(db: Executor): Promise<{ id: number; name: string }[]> {
  return db.selectFrom("branches").select(["id", "name"]).orderBy("position").orderBy("id").execute();
}

/** Active delivery methods with their words in the given languages (one row per method and language). */
export function deliveryMethodRows(db: Executor, languages: readonly string[]): Promise<DeliveryMethodRow[]> {
  return db
    .selectFrom("delivery_methods as m")
    .innerJoin("delivery_method_translations as t", "t.method_id", "m.id")
    .selectAll("m")
    .select(["t.name", "t.description", "t.language_code"])
    .where("m.active", "=", 1)
    .where("t.language_code", "in", languages)
    .orderBy("m.position")
    .orderBy("m.id")
    .execute();
}

export function paymentMethodRows(db: Executor, languages: readonly string[]): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom("payment_methods as m")
    .innerJoin("payment_method_translations as t", "t.method_id", "m.id")
    .selectAll("m")
    .select(["t.name", "t.description", "t.language_code"])
    .where("m.active", "=", 1)
    .where("t.language_code", "in", languages)
    .orderBy("m.position")
    .orderBy("m.id")
    .execute();
}
