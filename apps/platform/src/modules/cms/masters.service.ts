import { FALLBACK_LOCALE, type Locale, type MasterView, makePagination, type Paged } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { withTransaction } from "../../http/transaction.ts";
import { contentChanged, parseTemplateData } from "./content-rules.ts";
import * as repo from "./masters.repository.ts";
import { assertDistinctLanguages } from "./posts.service.ts";

/*
 * Master components (SPEC §2 master/child sections): one template with data per language, placed
 * on any number of pages as `{ master: id }`. Editing a master changes every page that uses it.
 */

async function masterViews(db: Executor, ids: readonly number[]): Promise<MasterView[]> {
  if (ids.length === 0) return [];
  const [masters, translations] = await Promise.all([repo.mastersByIds(db, ids), repo.dataOfMasters(db, ids)]);
  return ids.flatMap((id) => {
    const m = masters.find((r) => r.id === id);
    if (!m) return [];
    return [
      {
        id,
        template: m.template,
        title: m.title,
        translations: Object.fromEntries(translations.filter((t) => t.master_id === id).map((t) => [t.language_code, JSON.parse(t.data)])),
        updatedAt: m.updated_at,
      },
    ];
  });
}

async function masterOrThrow(db: Executor, id: number): Promise<MasterView> {
  const [view] = await masterViews(db, [id]);
  if (!view) throw new AppError("NOT_FOUND", "error.notFound");
  return view;
}

/** The template's data checked against its schema (HTML sanitized), or a 400 naming the fields. */
function checkedData(ctx: RequestCtx, template: string, data: Record<string, unknown>, path: (string | number)[]): Record<string, unknown> {
  const parsed = parseTemplateData(template, data, path);
  if (!parsed.ok) {
    // An unknown template is reported on the body's `template`, not next to the data.
    const issues = parsed.issues.map((i) => (i.path.at(-1) === "template" ? { ...i, path: ["template"] } : i));
    throw validationError(ctx.locale, issues, "body");
  }
  return parsed.data;
}

export async function createMaster(
  ctx: RequestCtx,
  body: { template: string; title: string; translations: readonly { language: Locale; data: Record<string, unknown> }[] },
): Promise<MasterView> {
  assertDistinctLanguages(
    body.translations.map((t) => t.language),
    "translations",
  );
  const checked = body.translations.map((t, i) => ({
    language: t.language,
    data: checkedData(ctx, body.template, t.data, ["translations", i, "data"]),
  }));
  const id = await withTransaction(ctx, async (tx) => {
    const masterId = await repo.insertMaster(tx.db, { template: body.template, title: body.title, now: new Date().toISOString() });
    for (const t of checked) await repo.saveData(tx.db, masterId, t.language, t.data);
    contentChanged(tx, ["masters"]);
    return masterId;
  });
  return masterOrThrow(ctx.db, id);
}

/** Replaces one language of a master (and optionally its title): every page using it changes. */
export async function updateMaster(
  ctx: RequestCtx,
  id: number,
  body: { language: Locale; data: Record<string, unknown>; title?: string },
): Promise<MasterView> {
  await withTransaction(ctx, async (tx) => {
    const master = await repo.findMaster(tx.db, id);
    if (!master) throw new AppError("NOT_FOUND", "error.notFound");
    await repo.saveData(tx.db, id, body.language, checkedData(ctx, master.template, body.data, ["data"]));
    await repo.touchMaster(tx.db, id, new Date().toISOString(), body.title);
    contentChanged(tx, [`master:${id}`]);
  });
  return masterOrThrow(ctx.db, id);
}

/** The masters an editor can place (the 'choose master component' modal), newest first. */
export async function filterMasters(
  ctx: RequestCtx,
  filter: { template?: string; page: number; limit: number },
): Promise<Paged<MasterView>> {
  const count = await repo.countMasters(ctx.db, filter.template);
  const ids = await repo.masterIds(ctx.db, filter.template, filter.limit, (filter.page - 1) * filter.limit);
  return { records: await masterViews(ctx.db, ids), pagination: makePagination(filter.page, filter.limit, count) };
}

/**
 * POST link/masters/{id}: gives the master a version in each of `languages` that lacks one, copied
 * from its original (hr, else the oldest), so pages in those languages show it until translated.
 */
export async function linkMasterLanguages(ctx: RequestCtx, id: number, languages: readonly Locale[]): Promise<MasterView> {
  await withTransaction(ctx, async (tx) => {
    const master = await masterOrThrow(tx.db, id);
    const original = master.translations[FALLBACK_LOCALE] ?? Object.values(master.translations)[0];
    if (!original) throw new AppError("NOT_FOUND", "error.notFound");
    for (const language of new Set(languages)) {
      if (!master.translations[language]) await repo.saveData(tx.db, id, language, original);
    }
    await repo.touchMaster(tx.db, id, new Date().toISOString());
    contentChanged(tx, [`master:${id}`]);
  });
  return masterOrThrow(ctx.db, id);
}
