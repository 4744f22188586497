import type { AuditLogRow, Executor } from "@shop/db";

export interface NewAuditEntry {
  user_id: number | null;
  user_email: string;
  entity: string;
  entity_id: string | null;
  action: string;
  before_json: string | null;
  after_json: string | null;
  request_id: string;
  created_at: string;
}

export async function insertEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

export async function hasEntryOfRequest(db: Executor, requestId: string): Promise<boolean> {
  const row = await db.selectFrom("audit_log").select("id").where("request_id", "=", requestId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function userEmail(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? "";
}

export interface AuditCriteria {
  entity?: string;
  userId?: number;
  /** ISO times: from included, until excluded. */
  from?: string;
  until?: string;
}

function filtered(db: Executor, criteria: AuditCriteria) {
  let q = db.selectFrom("audit_log");
  if (criteria.entity) q = q.where("entity", "=", criteria.entity);
  if (criteria.userId) q = q.where("user_id", "=", criteria.userId);
  if (criteria.from) q = q.where("created_at", ">=", criteria.from);
  if (criteria.until) q = q.where("created_at", "<", criteria.until);
  return q;
}

export async function pageOfEntries(db: Executor, criteria: AuditCriteria, limit: number, offset: number): Promise<AuditLogRow[]> {
  return filtered(db, criteria).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countEntries(db: Executor, criteria: AuditCriteria): Promise<number> {
  const row = await filtered(db, criteria)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
