import type { Database, Executor } from "@shop/db";
import type { ExpressionBuilder, Insertable } from "kysely";

export interface ConsentRow {
  id: number;
  unique_number: string;
  version: number;
  updated_at: string;
}

export interface AssignedConsentRow {
  id: number;
  unique_number: string;
  required: number;
}

/** The consents shown at a place, in their order, one page of them, with the total. */
export async function assignedConsents(
  db: Executor,
  assignedTo: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AssignedConsentRow[]; total: number }> {
  const base = db
    .selectFrom("consent_assignments as a")
    .innerJoin("consents as c", "c.id", "a.consent_id")
    .where("a.assigned_to", "=", assignedTo);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["c.id", "c.unique_number", "a.required"])
      .orderBy("a.position")
      .orderBy("c.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every consent shown at a place, in its order, with whether it must be ticked. */
export function consentsAt(db: Executor, assignedTo: string): Promise<(ConsentRow & { required: number })[]> {
  return db
    .selectFrom("consent_assignments as a")
    .innerJoin("consents as c", "c.id", "a.consent_id")
    .where("a.assigned_to", "=", assignedTo)
    .select(["c.id", "c.unique_number", "c.version", "c.updated_at", "a.required"])
    .orderBy("a.position")
    .orderBy("c.id")
    .execute();
}

export async function translationsOf(
  db: Executor,
  consentIds: readonly number[],
  languages?: readonly string[],
): Promise<{ consent_id: number; language_code: string; display_name: string }[]> {
  if (consentIds.length === 0) return [];
  let query = db
    .selectFrom("consent_translations")
    .select(["consent_id", "language_code", "display_name"])
    .where("consent_id", "in", [...consentIds]);
  if (languages) query = query.where("language_code", "in", [...languages]);
  return query.execute();
}

export async function assignmentsOf(
  db: Executor,
  consentIds: readonly number[],
): Promise<{ consent_id: number; assigned_to: string; required: number }[]> {
  if (consentIds.length === 0) return [];
  return db
    .selectFrom("consent_assignments")
    .select(["consent_id", "assigned_to", "required"])
    .where("consent_id", "in", [...consentIds])
    .orderBy("assigned_to")
    .orderBy("position")
    .execute();
}

/** A page of consents for staff, optionally only those shown at one place, oldest first. */
export async function listConsents(
  db: Executor,
  filter: { assignedTo?: string; limit: number; offset: number },
): Promise<{ rows: ConsentRow[]; total: number }> {
  let base = db.selectFrom("consents as c");
  if (filter.assignedTo) {
    const place = filter.assignedTo;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom("consent_assignments as a").select("a.id").whereRef("a.consent_id", "=", "c.id").where("a.assigned_to", "=", place),
      ),
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["c.id", "c.unique_number", "c.version", "c.updated_at"])
      .orderBy("c.id")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function consentsByNumbers(db: Executor, uniqueNumbers: readonly string[]): Promise<ConsentRow[]> {
  if (uniqueNumbers.length === 0) return [];
  return db
    .selectFrom("consents")
    .select(["id", "unique_number", "version", "updated_at"])
    .where("unique_number", "in", [...uniqueNumbers])
    .execute();
}

export async function consentsByIds(db: Executor, ids: readonly number[]): Promise<{ id: number; version: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("consents")
    .select(["id", "version"])
    .where("id", "in", [...ids])
    .execute();
}

export function insertConsent(db: Executor, uniqueNumber: string, now: string): Promise<ConsentRow> {
  return db
    .insertInto("consents")
    .values({ unique_number: uniqueNumber, version: 1, created_at: now, updated_at: now })
    .returning(["id", "unique_number", "version", "updated_at"])
    .executeTakeFirstOrThrow();
}

/** A consent's texts, one per language, replacing the ones it had. */
export async function replaceTranslations(
  db: Executor,
  consentId: number,
  texts: readonly { lang: string; html: string }[],
): Promise<void> {
  await db.deleteFrom("consent_translations").where("consent_id", "=", consentId).execute();
  await db
    .insertInto("consent_translations")
    .values(texts.map((t) => ({ consent_id: consentId, language_code: t.lang, display_name: t.html })))
    .execute();
}

export async function setVersion(db: Executor, consentId: number, version: number, now: string): Promise<void> {
  await db.updateTable("consents").set({ version, updated_at: now }).where("id", "=", consentId).execute();
}

/** The consents shown at a place, in order, replacing the set shown there before. */
export async function replaceAssignments(
  db: Executor,
  assignedTo: string,
  consents: readonly { consentId: number; required: boolean }[],
): Promise<void> {
  await db.deleteFrom("consent_assignments").where("assigned_to", "=", assignedTo).execute();
  await db
    .insertInto("consent_assignments")
    .values(consents.map((c, position) => ({ assigned_to: assignedTo, consent_id: c.consentId, required: c.required ? 1 : 0, position })))
    .execute();
}

export async function insertLogRows(db: Executor, rows: readonly Insertable<Database["consent_log"]>[]): Promise<void> {
  await db
    .insertInto("consent_log")
    .values([...rows])
    .execute();
}

/** The log rows of one person: those of the account, and those given as a guest with its confirmed address. */
const loggedFor = (userId: number, verifiedEmail: string | null) => (eb: ExpressionBuilder<Database, "consent_log">) =>
  verifiedEmail === null
    ? eb("consent_log.user_id", "=", userId)
    : eb.or([eb("consent_log.user_id", "=", userId), eb(eb.fn("lower", ["consent_log.email"]), "=", verifiedEmail.toLowerCase())]);

export function consentLogOf(db: Executor, userId: number, verifiedEmail: string | null) {
  return db
    .selectFrom("consent_log")
    .innerJoin("consents", "consents.id", "consent_log.consent_id")
    .select([
      "consents.unique_number",
      "consent_log.consent_version",
      "consent_log.status",
      "consent_log.status_timestamp",
      "consent_log.source_type",
    ])
    .where(loggedFor(userId, verifiedEmail))
    .orderBy("consent_log.id")
    .execute();
}

export async function deleteConsentLogOf(db: Executor, userId: number, verifiedEmail: string | null): Promise<void> {
  await db.deleteFrom("consent_log").where(loggedFor(userId, verifiedEmail)).execute();
}
