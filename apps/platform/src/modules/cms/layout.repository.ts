import type { Locale } from "@shop/contracts";
import type { ElementsTable, Executor } from "@shop/db";
import type { Insertable, Selectable } from "kysely";

export type ElementRow = Selectable<ElementsTable>;

/* ---------- Navigation ---------- */

export async function findNavigationId(db: Executor, handle: string, language: Locale): Promise<number | undefined> {
  const row = await db
    .selectFrom("navigations")
    .select("id")
    .where("handle", "=", handle)
    .where("language_code", "=", language)
    .executeTakeFirst();
  return row?.id;
}

/** Every item of a navigation, in order within its parent. */
export function navigationItems(db: Executor, navigationId: number) {
  return db.selectFrom("navigation_items").selectAll().where("navigation_id", "=", navigationId).orderBy("position").execute();
}

/* ---------- Elements (header, footer, cookie) ---------- */

export function elementsOf(
  db: Executor,
  handlers: readonly string[],
  variants: readonly string[],
  languages: readonly Locale[],
): Promise<ElementRow[]> {
  return db
    .selectFrom("elements")
    .selectAll()
    .where("handler", "in", [...handlers])
    .where("variant", "in", [...variants])
    .where("language_code", "in", [...languages])
    .execute();
}

export function findElement(db: Executor, id: number): Promise<ElementRow | undefined> {
  return db.selectFrom("elements").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function hasElement(db: Executor, handler: string, variant: string, language: Locale): Promise<boolean> {
  const row = await db
    .selectFrom("elements")
    .select("id")
    .where("handler", "=", handler)
    .where("variant", "=", variant)
    .where("language_code", "=", language)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertElement(db: Executor, values: Insertable<ElementsTable>): Promise<ElementRow> {
  return db.insertInto("elements").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Saves over the element only at `baseVersion` (one statement: two racing edits cannot both apply); undefined when stale. */
export function updateElement(
  db: Executor,
  id: number,
  baseVersion: number,
  values: { title: string; options: string },
): Promise<ElementRow | undefined> {
  return db
    .updateTable("elements")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("version", "=", baseVersion)
    .returningAll()
    .executeTakeFirst();
}

/* ---------- Editing navigation (issue 13) ---------- */

export function navigationOf(db: Executor, handle: string, language: Locale) {
  return db
    .selectFrom("navigations")
    .select(["id", "version"])
    .where("handle", "=", handle)
    .where("language_code", "=", language)
    .executeTakeFirst();
}

/** The menu's first own version in a language; undefined when one exists already (another save won). */
export async function insertNavigation(db: Executor, handle: string, language: Locale): Promise<number | undefined> {
  const row = await db
    .insertInto("navigations")
    .values({ handle, language_code: language, version: 1 })
    .onConflict((oc) => oc.columns(["handle", "language_code"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Counts a save of the menu only at `baseVersion`; undefined when stale. */
export async function bumpNavigation(db: Executor, handle: string, language: Locale, baseVersion: number): Promise<number | undefined> {
  const row = await db
    .updateTable("navigations")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("handle", "=", handle)
    .where("language_code", "=", language)
    .where("version", "=", baseVersion)
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function deleteNavigationItems(db: Executor, navigationId: number): Promise<void> {
  await db.deleteFrom("navigation_items").where("navigation_id", "=", navigationId).execute();
}

export async function insertNavigationItem(
  db: Executor,
  values: { navigationId: number; parentId: number | null; position: number; type: "link" | "linkless"; title: string; url: string | null },
): Promise<number> {
  const row = await db
    .insertInto("navigation_items")
    .values({
      navigation_id: values.navigationId,
      parent_id: values.parentId,
      position: values.position,
      type: values.type,
      title: values.title,
      url: values.url,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
