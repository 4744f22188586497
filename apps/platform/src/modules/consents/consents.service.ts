import { createHmac } from "node:crypto";
import {
  type AccountExport,
  type ConsentAdminView,
  type ConsentCreateBody,
  type ConsentFilterBody,
  type ConsentLogBody,
  type ConsentView,
  isLocale,
  type Locale,
  makePagination,
  type Pagination,
  V,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import sanitize from "sanitize-html";
import { type FieldRefusal, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { recordChange } from "../audit/index.ts";
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

/** The best text per consent: the request language, else the fallback language (SPEC §1). */
function pickTexts(locale: Locale, rows: { consent_id: number; language_code: string; display_name: string }[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const id of new Set(rows.map((r) => r.consent_id))) {
    const best = pickTranslation(
      rows.filter((r) => r.consent_id === id),
      locale,
    );
    if (best) out.set(id, best.display_name);
  }
  return out;
}

/** SPEC §7 web/consent/filter: the consents shown at a place, in the request language. */
export async function webFilter(ctx: RequestCtx, body: ConsentFilterBody): Promise<{ records: ConsentView[]; pagination: Pagination }> {
  const { rows, total } = await repo.assignedConsents(ctx.db, body.assigned_to, {
    limit: body.limit,
    offset: (body.page - 1) * body.limit,
  });
  const texts = pickTexts(
    ctx.locale,
    await repo.translationsOf(
      ctx.db,
      rows.map((r) => r.id),
      languagesFor(ctx.locale),
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

/**
 * The set shown at one place for the back office's editor, in order, with the required ones. A
 * place is only a name: one nobody has given consents yet answers an empty set to start from.
 */
export async function adminPlace(
  ctx: RequestCtx,
  assignedTo: string,
): Promise<{ assigned_to: string; consents: ConsentAdminView[]; requiredConsents: string[] }> {
  const rows = await repo.consentsAt(ctx.db, assignedTo);
  return {
    assigned_to: assignedTo,
    consents: await adminViews(ctx, rows),
    requiredConsents: rows.filter((r) => r.required === 1).map((r) => r.unique_number),
  };
}

/** Bad input the schema cannot see: repeats, unknown consents, required ones not in the set. */
function checkCreate(body: ConsentCreateBody, existing: Set<string>): void {
  const fields: FieldRefusal[] = [];
  const seen = new Set<string>();
  body.consents.forEach((c, i) => {
    if (seen.has(c.uniqueNumber)) fields.push({ path: `consents.${i}.uniqueNumber`, key: "error.consentDuplicate" });
    seen.add(c.uniqueNumber);
    if (!c.displayName && !existing.has(c.uniqueNumber)) fields.push({ path: `consents.${i}.displayName`, key: V.required });
  });
  body.requiredConsents.forEach((n, i) => {
    if (!seen.has(n)) fields.push({ path: `requiredConsents.${i}`, key: "error.consentRequiredNotListed" });
  });
  if (fields.length > 0) throw fieldsError(fields);
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
  checkCreate(body, new Set(found.map((c) => c.unique_number)));
  const required = new Set(body.requiredConsents);
  const now = new Date().toISOString();

  await withTransaction(ctx, async (tx) => {
    const before = await adminPlace(tx, body.assigned_to);
    const shown: { consentId: number; required: boolean }[] = [];
    for (const consent of body.consents) {
      const row =
        (await repo.consentsByNumbers(tx.db, [consent.uniqueNumber]))[0] ?? (await repo.insertConsent(tx.db, consent.uniqueNumber, now));
      if (consent.displayName) await replaceTexts(tx.db, row, consent.displayName, now);
      shown.push({ consentId: row.id, required: required.has(consent.uniqueNumber) });
    }
    await repo.replaceAssignments(tx.db, body.assigned_to, shown);
    const after = await adminPlace(tx, body.assigned_to);
    await recordChange(tx, { entity: "consents.place", entityId: body.assigned_to, action: "consents.set", before, after });
  });
  // The storefront shares consent lists between visitors; they must be fetched afresh (once committed: staff writes run inside the audit's transaction).
  ctx.afterCommit(() => ctx.onContentChange(["consents"]));

  const rows = await repo.consentsByNumbers(ctx.db, numbers);
  const byNumber = new Map(rows.map((r) => [r.unique_number, r]));
  const ordered = numbers.flatMap((n) => {
    const row = byNumber.get(n);
    return row ? [row] : [];
  });
  return { assigned_to: body.assigned_to, consents: await adminViews(ctx, ordered), requiredConsents: [...required] };
}

async function replaceTexts(
  db: Executor,
  row: repo.ConsentRow,
  displayName: NonNullable<ConsentCreateBody["consents"][number]["displayName"]>,
  now: string,
): Promise<void> {
  const wanted = Object.entries(displayName).flatMap(([lang, html]) => (html ? [{ lang, html: sanitizeConsentHtml(html) }] : []));
  const current = await repo.translationsOf(db, [row.id]);
  const same =
    current.length === wanted.length && wanted.every((w) => current.some((c) => c.language_code === w.lang && c.display_name === w.html));
  if (same) return;
  await repo.replaceTranslations(db, row.id, wanted);
  // A brand-new consent gets its first texts at version 1; only a change of wording counts up.
  if (current.length > 0) await repo.setVersion(db, row.id, row.version + 1, now);
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
    throw fieldsError([{ path: "statusTimestamp", key: V.invalid }]);
  }
  // Whose choice it is comes from the session, never from the body: a visitor is logged as a guest without an e-mail.
  const email = ctx.user ? ((await loadUserView(ctx.db, ctx.user.id))?.email ?? null) : null;
  const who = ctx.user ? { userId: ctx.user.id, email } : null;
  return { logged: await writeLog(ctx, body.consents, { status: body.status, at: new Date(at), sourceType: body.sourceType }, who) };
}

/** Who gave a consent: a user's account, or nobody known (a guest). */
export interface ConsentHolder {
  /** Null: a guest (a checkout by e-mail), recorded with the e-mail. */
  userId: number | null;
  email: string | null;
}

/**
 * Records consents accepted just now for a holder the caller vouches for (a registration records
 * the new account's), in the caller's transaction: an unknown id refuses the whole change.
 */
export async function recordAcceptedConsents(ctx: RequestCtx, consentIds: readonly number[], holder: ConsentHolder): Promise<number> {
  return writeLog(ctx, consentIds, { status: "accepted", at: new Date(), sourceType: "cmsSite" }, holder);
}

async function writeLog(
  ctx: RequestCtx,
  consentIds: readonly number[],
  choice: { status: ConsentLogBody["status"]; at: Date; sourceType: ConsentLogBody["sourceType"] },
  holder: ConsentHolder | null,
): Promise<number> {
  const ids = [...new Set(consentIds)];
  if (ids.length === 0) return 0;
  const known = await repo.consentsByIds(ctx.db, ids);
  const versions = new Map(known.map((c) => [c.id, c.version]));
  const unknown = ids.filter((id) => !versions.has(id));
  if (unknown.length > 0) {
    throw fieldsError([{ path: "consents", key: "error.unknownConsentIds", params: { ids: unknown.join(", ") } }], "error.unknownConsent");
  }
  const hash = ipHash(ctx);
  const now = new Date().toISOString();
  await repo.insertLogRows(
    ctx.db,
    ids.map((id) => ({
      consent_id: id,
      consent_version: versions.get(id) as number,
      status: choice.status,
      status_timestamp: choice.at.toISOString(),
      source_type: choice.sourceType,
      user_type: holder?.userId ? "webUser" : "guest",
      email: holder?.email ?? null,
      user_id: holder?.userId ?? null,
      ip_hash: hash,
      language_code: ctx.locale,
      created_at: now,
    })),
  );
  return ids.length;
}

/** The consent log of an account (and of its confirmed address as a guest), for the data export. */
export async function exportConsentLog(ctx: RequestCtx, userId: number, verifiedEmail: string | null): Promise<AccountExport["consents"]> {
  const rows = await repo.consentLogOf(ctx.db, userId, verifiedEmail);
  return rows.map((r) => ({
    consent: r.unique_number,
    version: r.consent_version,
    status: r.status,
    at: r.status_timestamp,
    source: r.source_type,
  }));
}

/** A deleted account's consents go with it: nothing is done on them any more. */
export async function forgetConsentLog(ctx: RequestCtx, userId: number, verifiedEmail: string | null): Promise<void> {
  await withTransaction(ctx, (tx) => repo.deleteConsentLogOf(tx.db, userId, verifiedEmail));
}
