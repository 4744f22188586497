import { FALLBACK_LOCALE } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { sql } from "kysely";
import { finalCentsSql, type ListQuery, matchingProducts } from "./product-list.repository.ts";

/**
 * The counts of the filter panel (layered/navigation), each over the products matching the list
 * query with one criterion (`skipKey`) left out, in grouped queries.
 */

/** Per choice attribute (and YesNo), how many matching products have each value. */
export function choiceCounts(db: Executor, q: ListQuery, skipKey: string | undefined, attributeIds: readonly number[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_attribute_values as v")
    .select(["v.attribute_id", "v.value_id", "v.number_value", sql<number | string>`count(distinct v.product_id)`.as("n")])
    .where("v.attribute_id", "in", [...attributeIds])
    .where("v.product_id", "in", matchingProducts(db, q, skipKey).select("p.id"))
    .groupBy(["v.attribute_id", "v.value_id", "v.number_value"])
    .execute();
}

/** Per range attribute, the smallest and largest value among the matching products and how many have one. */
export function rangeBounds(db: Executor, q: ListQuery, skipKey: string | undefined, attributeIds: readonly number[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_attribute_values as v")
    .select([
      "v.attribute_id",
      sql<number | null>`min(v.number_value)`.as("minNumber"),
      sql<number | null>`max(v.number_value)`.as("maxNumber"),
      sql<string | null>`min(v.text_value)`.as("minText"),
      sql<string | null>`max(v.text_value)`.as("maxText"),
      sql<number | string>`count(distinct v.product_id)`.as("n"),
    ])
    .where("v.attribute_id", "in", [...attributeIds])
    .where("v.product_id", "in", matchingProducts(db, q, skipKey).select("p.id"))
    .groupBy("v.attribute_id")
    .execute();
}

/** The lowest and highest final price (cents) of the matching products and how many there are. */
export function priceBounds(db: Executor, q: ListQuery, skipKey: string | undefined) {
  return matchingProducts(db, q, skipKey)
    .select([
      sql<number | string | null>`min(${finalCentsSql(q.now)})`.as("min"),
      sql<number | string | null>`max(${finalCentsSql(q.now)})`.as("max"),
      sql<number | string>`count(*)`.as("n"),
    ])
    .executeTakeFirst();
}

/** Every value of the attributes with its label (request language, else the fallback's), in position order. */
export function attributeValueLabels(db: Executor, attributeIds: readonly number[], locale: string) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("attribute_values as v")
    .leftJoin("attribute_value_translations as t", (j) => j.onRef("t.value_id", "=", "v.id").on("t.language_code", "=", locale))
    .leftJoin("attribute_value_translations as f", (j) => j.onRef("f.value_id", "=", "v.id").on("f.language_code", "=", FALLBACK_LOCALE))
    .select(["v.id", "v.attribute_id", "v.swatch", "t.label as label", "f.label as fallback"])
    .where("v.attribute_id", "in", [...attributeIds])
    .orderBy("v.position")
    .orderBy("v.id")
    .execute();
}
