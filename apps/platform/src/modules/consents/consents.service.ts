import { createHmac } from "node:crypto";
import {
  type ConsentAdminView,
  type ConsentCreateBody,
  type ConsentFilterBody,
  type ConsentLogBody,
  type ConsentView,
  FALLBACK_LOCALE,
  type FieldError,
  isLocale,
  type Locale,
  makePagination,
  type Pagination,
  V,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import sanitize from "sanitize-html";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { loadUserView } from "../user/index.ts";
import * as repo from "./consents.repository.ts";

/** Consent choices per client address: a visitor makes a few, a script thousands. */
const LOG_LIMIT = 60;
const LOG_WINDOW_S = 600;
/** A choice reported as made further from now than this is a wrong clock or a forgery. */
const TIMESTAMP_SKEW_MS = 24 * 3600_000;

/**
 * What a consent text may contain: inline formatting and links (to the privacy and cookie
 * pages). It is shown inside a checkbox label, so no block elements but paragraphs.
 */
const SANITIZE: sanitize.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "span", "a"],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeConsentHtml(html: string): string {
  return sanitize(html, SANITIZE).trim();
}

function fieldError(locale: Locale, path: string, key: string, params: Record<string, string | number> = {}): FieldError {
  return { path, key, params, message: t(locale, key, params) };
}

/** The best text per consent: the request language, else hr (SPEC §1 fallback). */
function pickTexts(locale: Locale, rows: { consent_id: number; language_code: string; display_name: string }[]): Map<number, string> {
  const best = new Map<number, { lang: string; text: string }>();
  for (const row of rows) {
    const current = best.get(row.consent_id);
    if (!current || row.language_code === locale) best.set(row.consent_id, { lang: row.language_code, text: row.display_name });
  }
  return new Map([...best].map(([id, v]) => [id, v.text]));
}

/** SPEC §7 web/consent/filter: the consents shown at a place, in the request language. */
export async function webFilter(ctx: RequestCtx, body: ConsentFilterBody): Promise<{ records: ConsentView[]; pagination: Pagination }> {
  const { rows, total } = await repo.assignedConsents(ctx.db, body.assigned_to, {
    limit: body.limit,
    offset: (body.page - 1) * body.limit,
  });
  const languages = ctx.locale === FALLBACK_LOCALE ? [FALLBACK_LOCALE] : [ctx.locale, FALLBACK_LOCALE];
  const texts = pickTexts(
    ctx.locale,
    await repo.translationsOf(
      ctx.db,
      rows.map((r) => r.id),
      languages,
    ),
  );
  return {
    records: rows.map((r) => ({ id: r.id, uniqueNumber: r.unique_number, displayName: texts.get(r.id) ?? "", required: r.required === 1 })),
    pagination: makePagination(body.page, body.limit, total),
  };
}

async function adminViews(ctx: RequestCtx, rows: repo.ConsentRow[]): Promise<ConsentAdminView[]> {
  const ids = rows.map((r) => r.id);
  const [texts, assignments] = await Promise.all([repo.translationsOf(ctx.db, ids), repo.assignmentsOf(ctx.db, ids)]);
  return rows.map((r) => {
    const displayName: Partial<Record<Locale, string>> = {};
    for (const text of texts)
      if (text.consent_id === r.id && isLocale(text.language_code)) displayName[text.language_code] = text.display_name;
    return {
      id: r.id,
      uniqueNumber: r.unique_number,
      displayName,
      version: r.version,
      assignments: assignments
        .filter((a) => a.consent_id === r.id)
        .map((a) => ({ assigned_to: a.assigned_to, required: a.required === 1 })),
      updatedAt: r.updated_at,
    };
  });
}

/** SPEC §7 consent/filter (backoffice): every consent with its texts and places, 50 a page. */
export async function adminFilter(
  ctx: RequestCtx,
  query: { assigned_to?: string; page: number; perPage: number },
): Promise<{ records: ConsentAdminView[]; pagination: Pagination }> {
  const { rows, total } = await repo.listConsents(ctx.db, {
    assignedTo: query.assigned_to,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { records: await adminViews(ctx, rows), pagination: makePagination(query.page, query.perPage, total) };
}

/** Bad input the schema cannot see: repeats, unknown consents, required ones not in the set. */
function checkCreate(ctx: RequestCtx, body: ConsentCreateBody, existing: Set<string>): void {
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  body.consents.forEach((c, i) => {
    if (seen.has(c.uniqueNumber)) fields.push(fieldError(ctx.locale, `consents.${i}.uniqueNumber`, "error.consentDuplicate"));
    seen.add(c.uniqueNumber);
    if (!c.displayName && !existing.has(c.uniqueNumber)) fields.push(fieldError(ctx.locale, `consents.${i}.displayName`, V.required));
  });
  body.requiredConsents.forEach((n, i) => {
    if (!seen.has(n)) fields.push(fieldError(ctx.locale, `requiredConsents.${i}`, "error.consentRequiredNotListed"));
  });
  if (fields.length > 0) throw new AppError("VALIDATION_ERROR", "error.validation", { fields });
}

/**
 * SPEC §7 consent/create (backoffice): creates or updates the listed consents and makes them the
 * set shown at `assigned_to`, all in one transaction. Changed wording raises the version, so the
 * log keeps telling which text each visitor accepted.
 */
export async function create(
  ctx: RequestCtx,
  body: ConsentCreateBody,
): Promise<{ assigned_to: string; consents: ConsentAdminView[]; requiredConsents: string[] }> {
  const numbers = body.consents.map((c) => c.uniqueNumber);
  const found = await repo.consentsByNumbers(ctx.db, numbers);
  checkCreate(ctx, body, new Set(found.map((c) => c.unique_number)));
  const required = new Set(body.requiredConsents);
  const now = new Date().toISOString();

  await ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const consent of body.consents) {
      let row = (await repo.consentsByNumbers(trx, [consent.uniqueNumber]))[0];
      if (!row) {
        row = await trx
          .insertInto("consents")
          .values({ unique_number: consent.uniqueNumber, version: 1, created_at: now, updated_at: now })
          .returning(["id", "unique_number", "version", "updated_at"])
          .executeTakeFirstOrThrow();
      }
      if (consent.displayName) await replaceTexts(trx, row, consent.displayName, now);
      ids.push(row.id);
    }
    await trx.deleteFrom("consent_assignments").where("assigned_to", "=", body.assigned_to).execute();
    await trx
      .insertInto("consent_assignments")
      .values(
        body.consents.map((c, position) => ({
          assigned_to: body.assigned_to,
          consent_id: ids[position] as number,
          required: required.has(c.uniqueNumber) ? 1 : 0,
          position,
        })),
      )
      .execute();
  });
  // The storefront shares consent lists between visitors; they must be fetched afresh.
  ctx.onContentChange(["consents"]);

  const rows = await repo.consentsByNumbers(ctx.db, numbers);
  const byNumber = new Map(rows.map((r) => [r.unique_number, r]));
  const ordered = numbers.flatMap((n) => {
    const row = byNumber.get(n);
    return row ? [row] : [];
  });
  return { assigned_to: body.assigned_to, consents: await adminViews(ctx, ordered), requiredConsents: [...required] };
}

async function replaceTexts(
  trx: repo.Executor,
  row: repo.ConsentRow,
  displayName: NonNullable<ConsentCreateBody["consents"][number]["displayName"]>,
  now: string,
): Promise<void> {
  const wanted = Object.entries(displayName).flatMap(([lang, html]) => (html ? [{ lang, html: sanitizeConsentHtml(html) }] : []));
  const current = await repo.translationsOf(trx, [row.id]);
  const same =
    current.length === wanted.length && wanted.every((w) => current.some((c) => c.language_code === w.lang && c.display_name === w.html));
  if (same) return;
  await trx.deleteFrom("consent_translations").where("consent_id", "=", row.id).execute();
  await trx
    .insertInto("consent_translations")
    .values(wanted.map((w) => ({ consent_id: row.id, language_code: w.lang, display_name: w.html })))
    .execute();
  // A brand-new consent gets its first texts at version 1; only a change of wording counts up.
  if (current.length > 0) {
    await trx
      .updateTable("consents")
      .set({ version: row.version + 1, updated_at: now })
      .where("id", "=", row.id)
      .execute();
  }
}

/** A keyed hash of the client address: it links one visitor's choices without storing the address. */
function ipHash(ctx: RequestCtx): string {
  return createHmac("sha256", ctx.config.secret).update(`consent-log:${ctx.ip}`).digest("hex");
}

/**
 * SPEC §7 web/consent/log/create: one log row per consent with the choice, its time, the user
 * (the logged-in user's id and e-mail when there is one), the language and the consent's current version.
 */
export async function logCreate(ctx: RequestCtx, body: ConsentLogBody): Promise<{ logged: number }> {
  await enforceLimit(ctx, `consent-log:ip:${ctx.ip}`, LOG_LIMIT, LOG_WINDOW_S);
  const at = Date.parse(body.statusTimestamp);
  if (Math.abs(at - Date.now()) > TIMESTAMP_SKEW_MS) {
    throw new AppError("VALIDATION_ERROR", "error.validation", { fields: [fieldError(ctx.locale, "statusTimestamp", V.invalid)] });
  }
  const ids = [...new Set(body.consents)];
  const known = await repo.consentsByIds(ctx.db, ids);
  const versions = new Map(known.map((c) => [c.id, c.version]));
  const unknown = ids.filter((id) => !versions.has(id));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION_ERROR", "error.unknownConsent", {
      fields: [fieldError(ctx.locale, "consents", "error.unknownConsentIds", { ids: unknown.join(", ") })],
    });
  }
  const hash = ipHash(ctx);
  const now = new Date().toISOString();
  // Whose choice it is comes from the session, never from the body: a visitor is logged as a guest without an e-mail.
  const email = ctx.user ? ((await loadUserView(ctx.db, ctx.user.id))?.email ?? null) : null;
  await ctx.db
    .insertInto("consent_log")
    .values(
      ids.map((id) => ({
        consent_id: id,
        consent_version: versions.get(id) as number,
        status: body.status,
        status_timestamp: new Date(at).toISOString(),
        source_type: body.sourceType,
        user_type: ctx.user ? "webUser" : "guest",
        email,
        user_id: ctx.user?.id ?? null,
        ip_hash: hash,
        language_code: ctx.locale,
        created_at: now,
      })),
    )
    .execute();
  return { logged: ids.length };
}
