import type { Executor } from "@shop/db";

/** The product's KPD code (null: not classified yet). Undefined: no such product. */
export async function classificationCodeOf(db: Executor, productId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("products").select("classification_code").where("id", "=", productId).executeTakeFirst();
  return row?.classification_code;
}

/** Sets or clears the product's KPD code; false when there is no such product. */
export async function updateClassificationCode(db: Executor, productId: number, code: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ classification_code: code, updated_at: now })
    .where("id", "=", productId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
