import type { ColumnType, Generated, Selectable } from "kysely";

/** One change made in the back office (migration 0022): who, what, before and after, when. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_email: string;
  /** What was changed, e.g. 'cms.option' or 'user.staff'. */
  entity: string;
  entity_id: string | null;
  /** The endpoint or operation, e.g. 'POST /v1/option/set'. */
  action: string;
  /** JSON of the entity before the change (null when created or not known). */
  before_json: string | null;
  /** JSON of the entity after the change, or the input that was sent. */
  after_json: string | null;
  request_id: string;
  created_at: ColumnType<string, string, never>;
}

export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
