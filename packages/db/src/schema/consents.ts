import type { ColumnType, Generated } from "kysely";

type Id = Generated<number>;
/** 0/1 on both dialects, like every boolean here. */
type Bool = number;
type Created = ColumnType<string, string | undefined, never>;

/** A consent (SPEC §3): a stable uniqueNumber; its texts live per language in consent_translations. */
export interface ConsentsTable {
  id: Id;
  unique_number: string;
  /** Goes up when a text changes, so the log shows which wording was accepted. */
  version: number;
  created_at: Created;
  updated_at: string;
}

export interface ConsentTranslationsTable {
  id: Id;
  consent_id: number;
  language_code: string;
  /** Sanitized HTML. */
  display_name: string;
}

/** Where a consent is shown (a form id, 'registration', 'newsletter', 'checkout', 'cookies') and whether it must be ticked there. */
export interface ConsentAssignmentsTable {
  id: Id;
  assigned_to: string;
  consent_id: number;
  required: Bool;
  position: number;
}

/**
 * The proof of consent (GDPR Art. 7(1)): one row per consent and choice. The client address is
 * kept only as a keyed hash (pseudonymous), never in the clear.
 */
export interface ConsentLogTable {
  id: Id;
  consent_id: number;
  consent_version: number;
  status: "accepted" | "withdrawn";
  /** When the visitor made the choice, as the client reported it. */
  status_timestamp: string;
  source_type: string;
  user_type: "webUser" | "guest";
  email: string | null;
  user_id: number | null;
  ip_hash: string;
  language_code: string;
  /** When the platform received it. */
  created_at: Created;
}

/** Tables of consents and the consent log. */
export interface ConsentsTables {
  consents: ConsentsTable;
  consent_translations: ConsentTranslationsTable;
  consent_assignments: ConsentAssignmentsTable;
  consent_log: ConsentLogTable;
}
