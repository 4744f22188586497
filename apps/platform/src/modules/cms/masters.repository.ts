import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

export function mastersByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("master_components")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
}

export function dataOfMasters(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("master_component_translations")
    .selectAll()
    .where("master_id", "in", [...ids])
    .execute();
}

/** The masters' template with their data in every language, for placing them on pages. */
export function masterVersions(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom("master_components as m")
    .innerJoin("master_component_translations as mt", "mt.master_id", "m.id")
    .select(["m.id", "m.template", "mt.language_code", "mt.data"])
    .where("m.id", "in", [...ids])
    .execute();
}

export async function existingMasterIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set(
    (
      await db
        .selectFrom("master_components")
        .select("id")
        .where("id", "in", [...ids])
        .execute()
    ).map((r) => r.id),
  );
}

export function findMaster(db: Executor, id: number) {
  return db.selectFrom("master_components").select(["id", "template"]).where("id", "=", id).executeTakeFirst();
}

export async function insertMaster(db: Executor, values: { template: string; title: string; now: string }): Promise<number> {
  const row = await db
    .insertInto("master_components")
    .values({ template: values.template, title: values.title, created_at: values.now, updated_at: values.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the master changed, with a new title when one is given. */
export async function touchMaster(db: Executor, id: number, now: string, title?: string): Promise<void> {
  await db
    .updateTable("master_components")
    .set({ updated_at: now, ...(title ? { title } : {}) })
    .where("id", "=", id)
    .execute();
}

/** Creates or replaces the master's data in one language. */
export async function saveData(db: Executor, masterId: number, language: Locale, data: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(data);
  await db
    .insertInto("master_component_translations")
    .values({ master_id: masterId, language_code: language, data: json })
    .onConflict((oc) => oc.columns(["master_id", "language_code"]).doUpdateSet({ data: json }))
    .execute();
}

function ofTemplate(db: Executor, template: string | undefined) {
  const q = db.selectFrom("master_components");
  return template ? q.where("template", "=", template) : q;
}

export async function countMasters(db: Executor, template: string | undefined): Promise<number> {
  return Number(
    (
      await ofTemplate(db, template)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A page of master ids, newest first. */
export async function masterIds(db: Executor, template: string | undefined, limit: number, offset: number): Promise<number[]> {
  const rows = await ofTemplate(db, template).select("id").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}
