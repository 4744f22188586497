import {
  FORM_TYPES,
  type FormFieldDefinition,
  type FormType,
  type FormView,
  formFieldsDefinition,
  GOAL_TYPES,
  type GoalType,
  type Locale,
} from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import type { Insertable, Selectable } from "kysely";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";

type FormRow = Selectable<Database["forms"]>;
type TranslationRow = Selectable<Database["form_translations"]>;

/** A published form in one language, with what only the server may know (recipient, goal). */
export interface FormRecord {
  view: FormView;
  sendEmailTo: string | null;
  goal: { goalType: GoalType; goal: string } | null;
}

const isFormType = (v: string): v is FormType => (FORM_TYPES as readonly string[]).includes(v);
const isGoalType = (v: string | null): v is GoalType => v !== null && (GOAL_TYPES as readonly string[]).includes(v);

/** Stored fields are checked again on the way out: a bad definition must not reach a visitor's browser. */
function parseFields(json: string): FormFieldDefinition[] | null {
  try {
    const parsed = formFieldsDefinition.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toRecord(form: FormRow, tr: TranslationRow): FormRecord | null {
  const fields = parseFields(tr.fields);
  if (!fields || !isFormType(form.type)) return null;
  return {
    view: {
      id: form.id,
      slug: form.slug,
      type: form.type,
      language: tr.language_code,
      title: tr.title,
      description: tr.description,
      submitLabel: tr.submit_label,
      successMessage: tr.success_message,
      fields,
      consentPlace: form.slug,
      doubleOptIn: isGoalType(form.goal_type) && !!tr.goal,
    },
    sendEmailTo: form.send_email_to,
    goal: isGoalType(form.goal_type) && tr.goal ? { goalType: form.goal_type, goal: tr.goal } : null,
  };
}

async function translationsOf(db: Executor, formIds: number[], locale: Locale): Promise<Map<number, TranslationRow>> {
  const best = new Map<number, TranslationRow>();
  if (formIds.length === 0) return best;
  const rows = await db
    .selectFrom("form_translations")
    .selectAll()
    .where("form_id", "in", formIds)
    .where("language_code", "in", languagesFor(locale))
    .execute();
  for (const id of formIds) {
    const row = pickTranslation(
      rows.filter((r) => r.form_id === id),
      locale,
    );
    if (row) best.set(id, row);
  }
  return best;
}

/** A published form by id or slug, in the language (or hr); undefined when there is none. */
export async function findPublishedForm(db: Executor, ref: number | string, locale: Locale): Promise<FormRecord | undefined> {
  let q = db.selectFrom("forms").selectAll().where("status", "=", "published");
  q = typeof ref === "number" || /^\d+$/.test(ref) ? q.where("id", "=", Number(ref)) : q.where("slug", "=", ref);
  const form = await q.executeTakeFirst();
  if (!form) return undefined;
  const tr = (await translationsOf(db, [form.id], locale)).get(form.id);
  return tr ? (toRecord(form, tr) ?? undefined) : undefined;
}

export async function findPublishedFormOfType(db: Executor, type: FormType, locale: Locale): Promise<FormRecord | undefined> {
  const form = await db
    .selectFrom("forms")
    .select("id")
    .where("status", "=", "published")
    .where("type", "=", type)
    .orderBy("id")
    .executeTakeFirst();
  return form ? findPublishedForm(db, form.id, locale) : undefined;
}

export async function listPublishedForms(
  db: Executor,
  filter: { type?: FormType; limit: number; page: number },
  locale: Locale,
): Promise<{ records: FormView[]; total: number }> {
  let q = db.selectFrom("forms").where("status", "=", "published");
  if (filter.type) q = q.where("type", "=", filter.type);
  const count = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const forms = await q
    .selectAll()
    .orderBy("id")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  const translations = await translationsOf(
    db,
    forms.map((f) => f.id),
    locale,
  );
  const records = forms.flatMap((form) => {
    const tr = translations.get(form.id);
    const record = tr ? toRecord(form, tr) : null;
    return record ? [record.view] : [];
  });
  // count() is a string on PostgreSQL.
  return { records, total: Number(count.n) };
}

export async function cmsOption(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("cms_options").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Ids of the consents that must be ticked where they are assigned (a form's slug, 'newsletter'). */
export async function requiredConsentIds(db: Executor, place: string): Promise<number[]> {
  const rows = await db
    .selectFrom("consent_assignments")
    .select("consent_id")
    .where("assigned_to", "=", place)
    .where("required", "=", 1)
    .execute();
  return rows.map((r) => r.consent_id);
}

/** A submission as stored; its id, for the confirmation link of a double opt-in form. */
export async function insertSubmission(db: Executor, submission: Insertable<Database["form_submissions"]>): Promise<number> {
  const row = await db.insertInto("form_submissions").values(submission).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertConfirmation(db: Executor, confirmation: Insertable<Database["email_confirmations"]>): Promise<void> {
  await db.insertInto("email_confirmations").values(confirmation).execute();
}

/** An unused, unexpired confirmation by its token's hash. */
export function findUsableConfirmation(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom("email_confirmations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Uses a confirmation up; false when a concurrent use came first. */
export async function useConfirmation(db: Executor, id: number, now: string): Promise<boolean> {
  const used = await db
    .updateTable("email_confirmations")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function confirmSubmission(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable("form_submissions").set({ confirmed_at: now }).where("id", "=", id).execute();
}

/** The newsletter subscription a confirmation link was sent for (confirmation links lead there too). */
export async function confirmSubscription(db: Executor, id: number, now: string): Promise<void> {
  await db
    .updateTable("newsletter_subscriptions")
    .set({ confirmed_at: now, updated_at: now })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .execute();
}
