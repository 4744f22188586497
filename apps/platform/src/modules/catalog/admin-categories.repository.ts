import type { Executor } from "@shop/db";

/** The back office's category tree (issue 12). */

export function allCategories(db: Executor) {
  return db
    .selectFrom("product_categories as c")
    .select(["c.id", "c.parent_id", "c.position", "c.image_src", "c.sort_default"])
    .select((eb) =>
      eb
        .selectFrom("product_category_links as l")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("l.category_id", "=", "c.id")
        .as("product_count"),
    )
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
}

export function categoryTranslations(db: Executor) {
  return db.selectFrom("product_category_translations").selectAll().orderBy("id").execute();
}

export function categoryRow(db: Executor, id: number) {
  return db.selectFrom("product_categories").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function categoryIdBySlug(db: Executor, language: string, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("product_category_translations")
    .select("category_id")
    .where("language_code", "=", language)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.category_id;
}

/** Sibling ids under `parentId` in their order. */
export async function siblingIds(db: Executor, parentId: number | null): Promise<number[]> {
  const q = db.selectFrom("product_categories").select("id").orderBy("position").orderBy("id");
  const rows = await (parentId === null ? q.where("parent_id", "is", null) : q.where("parent_id", "=", parentId)).execute();
  return rows.map((r) => r.id);
}

export interface CategoryColumns {
  parent_id: number | null;
  image_src: string | null;
  sort_default: string | null;
}

export async function insertCategoryRow(db: Executor, columns: CategoryColumns, position: number): Promise<number> {
  const row = await db
    .insertInto("product_categories")
    .values({ ...columns, position, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategoryRow(
  db: Executor,
  id: number,
  columns: Partial<CategoryColumns> & { position?: number },
): Promise<void> {
  await db.updateTable("product_categories").set(columns).where("id", "=", id).execute();
}

export async function replaceCategoryTranslations(
  db: Executor,
  id: number,
  rows: { language_code: string; name: string; slug: string; description: string }[],
): Promise<void> {
  await db.deleteFrom("product_category_translations").where("category_id", "=", id).execute();
  await db
    .insertInto("product_category_translations")
    .values(rows.map((r) => ({ ...r, category_id: id })))
    .execute();
}

/** Gives the siblings positions 0, 1, 2… in the given order. */
export async function renumber(db: Executor, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable("product_categories").set({ position }).where("id", "=", id).execute();
  }
}

/** Deletes the category only while nothing hangs under it, in one statement, so a product linked meanwhile keeps it. */
export async function deleteEmptyCategory(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("product_categories")
    .where("id", "=", id)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom("product_category_links as l").select("l.id").where("l.category_id", "=", id))),
        eb.not(eb.exists(eb.selectFrom("product_categories as child").select("child.id").where("child.parent_id", "=", id))),
      ]),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
