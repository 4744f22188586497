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

export function updateElement(db: Executor, id: number, values: { title: string; options: string }): Promise<ElementRow> {
  return db.updateTable("elements").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}
