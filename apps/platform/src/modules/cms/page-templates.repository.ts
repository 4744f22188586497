import type { Executor } from "@shop/db";

const COLUMNS = ["id", "name", "description", "blocks", "created_at", "updated_at"] as const;

export function allTemplates(db: Executor) {
  return db.selectFrom("page_templates").select(COLUMNS).orderBy("name").orderBy("id").execute();
}

export function findTemplate(db: Executor, id: number) {
  return db.selectFrom("page_templates").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The template with this name, other than `exceptId`: names are unique. */
export function findByName(db: Executor, name: string, exceptId?: number) {
  let q = db.selectFrom("page_templates").select("id").where("name", "=", name);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return q.executeTakeFirst();
}

export function insertTemplate(db: Executor, values: { name: string; description: string; blocks: string; now: string }) {
  return db
    .insertInto("page_templates")
    .values({ name: values.name, description: values.description, blocks: values.blocks, created_at: values.now, updated_at: values.now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateTemplate(db: Executor, id: number, values: { name?: string; description?: string; blocks?: string; now: string }) {
  return db
    .updateTable("page_templates")
    .set({ name: values.name, description: values.description, blocks: values.blocks, updated_at: values.now })
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteTemplate(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom("page_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
