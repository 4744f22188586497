import { FALLBACK_LOCALE, type Locale, type MasterView, makePagination, type Paged } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { type Executor, parseTemplateData } from "./content-rules.ts";
import { assertDistinctLanguages } from "./posts.service.ts";

/*
 * Master components (SPEC §2 master/child sections): one template with data per language, placed
 * on any number of pages as `{ master: id }`. Editing a master changes every page that uses it.
 */

async function masterViews(db: Executor, ids: readonly number[]): Promise<MasterView[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [masters, translations] = await Promise.all([
    db.selectFrom("master_components").selectAll().where("id", "in", list).execute(),
    db.selectFrom("master_component_translations").selectAll().where("master_id", "in", list).execute(),
  ]);
  return list.flatMap((id) => {
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

async function writeData(db: Executor, masterId: number, language: Locale, data: Record<string, unknown>) {
  const json = JSON.stringify(data);
  await db
    .insertInto("master_component_translations")
    .values({ master_id: masterId, language_code: language, data: json })
    .onConflict((oc) => oc.columns(["master_id", "language_code"]).doUpdateSet({ data: json }))
    .execute();
}

export async function createMaster(
  ctx: RequestCtx,
  body: { template: string; title: string; translations: readonly { language: Locale; data: Record<string, unknown> }[] },
): Promise<MasterView> {
  assertDistinctLanguages(
    ctx,
    body.translations.map((t) => t.language),
    "translations",
  );
  const checked = body.translations.map((t, i) => ({
    language: t.language,
    data: checkedData(ctx, body.template, t.data, ["translations", i, "data"]),
  }));
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto("master_components")
      .values({ template: body.template, title: body.title, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const t of checked) await writeData(trx, row.id, t.language, t.data);
    return row.id;
  });
  ctx.onContentChange(["masters"]);
  return masterOrThrow(ctx.db, id);
}

/** Replaces one language of a master (and optionally its title): every page using it changes. */
export async function updateMaster(
  ctx: RequestCtx,
  id: number,
  body: { language: Locale; data: Record<string, unknown>; title?: string },
): Promise<MasterView> {
  await ctx.db.transaction().execute(async (trx) => {
    const master = await trx.selectFrom("master_components").select(["id", "template"]).where("id", "=", id).executeTakeFirst();
    if (!master) throw new AppError("NOT_FOUND", "error.notFound");
    const data = checkedData(ctx, master.template, body.data, ["data"]);
    await writeData(trx, id, body.language, data);
    await trx
      .updateTable("master_components")
      .set({ updated_at: new Date().toISOString(), ...(body.title ? { title: body.title } : {}) })
      .where("id", "=", id)
      .execute();
  });
  ctx.onContentChange(["masters"]);
  return masterOrThrow(ctx.db, id);
}

/** The masters an editor can place (the 'choose master component' modal), newest first. */
export async function filterMasters(
  ctx: RequestCtx,
  filter: { template?: string; page: number; limit: number },
): Promise<Paged<MasterView>> {
  let q = ctx.db.selectFrom("master_components");
  if (filter.template) q = q.where("template", "=", filter.template);
  const count = Number((await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select("id")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  return {
    records: await masterViews(
      ctx.db,
      rows.map((r) => r.id),
    ),
    pagination: makePagination(filter.page, filter.limit, count),
  };
}

/**
 * POST link/masters/{id}: gives the master a version in each of `languages` that lacks one, copied
 * from its original (hr, else the oldest), so pages in those languages show it until translated.
 */
export async function linkMasterLanguages(ctx: RequestCtx, id: number, languages: readonly Locale[]): Promise<MasterView> {
  await ctx.db.transaction().execute(async (trx) => {
    const master = await masterOrThrow(trx, id);
    const original = master.translations[FALLBACK_LOCALE] ?? Object.values(master.translations)[0];
    if (!original) throw new AppError("NOT_FOUND", "error.notFound");
    for (const language of new Set(languages)) {
      if (!master.translations[language]) await writeData(trx, id, language, original);
    }
    await trx.updateTable("master_components").set({ updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  });
  ctx.onContentChange(["masters"]);
  return masterOrThrow(ctx.db, id);
}
