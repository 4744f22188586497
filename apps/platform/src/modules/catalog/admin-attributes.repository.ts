import type { LayeredFilterType } from "@shop/contracts";
import type { Executor } from "@shop/db";

/** The back office's attributes of the layered filters (issue 12): each with its labels and choices. */

export async function attributeRows(db: Executor, id?: number) {
  let attrs = db.selectFrom("attributes").selectAll().orderBy("position").orderBy("id");
  if (id !== undefined) attrs = attrs.where("id", "=", id);
  const rows = await attrs.execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { rows, labels: [], values: [], valueLabels: [] };
  const values = await db
    .selectFrom("attribute_values")
    .selectAll()
    .where("attribute_id", "in", ids)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const [labels, valueLabels] = await Promise.all([
    db.selectFrom("attribute_translations").selectAll().where("attribute_id", "in", ids).orderBy("id").execute(),
    values.length
      ? db
          .selectFrom("attribute_value_translations")
          .selectAll()
          .where(
            "value_id",
            "in",
            values.map((v) => v.id),
          )
          .orderBy("id")
          .execute()
      : Promise.resolve([]),
  ]);
  return { rows, labels, values, valueLabels };
}

export async function attributeIdByCode(db: Executor, code: string): Promise<number | undefined> {
  return (await db.selectFrom("attributes").select("id").where("code", "=", code).executeTakeFirst())?.id;
}

export async function attributeHasProductValues(db: Executor, id: number): Promise<boolean> {
  return (
    (await db.selectFrom("product_attribute_values").select("id").where("attribute_id", "=", id).limit(1).executeTakeFirst()) !== undefined
  );
}

export interface AttributeColumns {
  code: string;
  input_type: LayeredFilterType;
  filterable: number;
  position: number;
  custom_class: string | null;
}

export async function insertAttribute(db: Executor, columns: AttributeColumns): Promise<number> {
  return (await db.insertInto("attributes").values(columns).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateAttribute(db: Executor, id: number, columns: AttributeColumns): Promise<void> {
  await db.updateTable("attributes").set(columns).where("id", "=", id).execute();
}

export async function replaceAttributeLabels(db: Executor, id: number, labels: { language_code: string; label: string }[]): Promise<void> {
  await db.deleteFrom("attribute_translations").where("attribute_id", "=", id).execute();
  await db
    .insertInto("attribute_translations")
    .values(labels.map((l) => ({ ...l, attribute_id: id })))
    .execute();
}

/** Makes the attribute's choices exactly `values`, in order: kept ids updated, new ones added, the rest deleted. */
export async function replaceAttributeValues(
  db: Executor,
  attributeId: number,
  values: { id?: number; swatch: string | null; labels: { language_code: string; label: string }[] }[],
): Promise<void> {
  const keep = values.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  let gone = db.deleteFrom("attribute_values").where("attribute_id", "=", attributeId);
  if (keep.length) gone = gone.where("id", "not in", keep);
  await gone.execute();
  for (const [position, v] of values.entries()) {
    let id = v.id;
    if (id === undefined) {
      id = (
        await db
          .insertInto("attribute_values")
          .values({ attribute_id: attributeId, position, swatch: v.swatch })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      await db
        .updateTable("attribute_values")
        .set({ position, swatch: v.swatch })
        .where("id", "=", id)
        .where("attribute_id", "=", attributeId)
        .execute();
      await db.deleteFrom("attribute_value_translations").where("value_id", "=", id).execute();
    }
    const valueId = id;
    await db
      .insertInto("attribute_value_translations")
      .values(v.labels.map((l) => ({ ...l, value_id: valueId })))
      .execute();
  }
}

export async function valueIdsOf(db: Executor, attributeId: number): Promise<number[]> {
  return (await db.selectFrom("attribute_values").select("id").where("attribute_id", "=", attributeId).execute()).map((r) => r.id);
}
