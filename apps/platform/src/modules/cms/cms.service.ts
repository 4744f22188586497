import { FALLBACK_LOCALE, type Locale, type NavigationHandle, type NavigationItem, type PageView } from "@shop/contracts";
import type { RequestCtx } from "../../http/context.ts";

/** Rows of one language, or of hr when that language has none (SPEC §1 fallback). */
function languagesFor(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
}

export async function navigationTree(ctx: RequestCtx, handle: NavigationHandle): Promise<NavigationItem[]> {
  for (const lang of languagesFor(ctx.locale)) {
    const nav = await ctx.db
      .selectFrom("navigations")
      .select("id")
      .where("handle", "=", handle)
      .where("language_code", "=", lang)
      .executeTakeFirst();
    if (!nav) continue;
    const rows = await ctx.db.selectFrom("navigation_items").selectAll().where("navigation_id", "=", nav.id).orderBy("position").execute();
    const byParent = new Map<number | null, typeof rows>();
    for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
    const build = (parent: number | null): NavigationItem[] =>
      (byParent.get(parent) ?? []).map((r) => ({
        id: r.id,
        title: r.title,
        type: r.type,
        url: r.type === "linkless" ? null : r.url,
        external: !!r.url && /^https?:\/\//.test(r.url),
        children: build(r.id),
      }));
    return build(null);
  }
  return [];
}

export async function elementsByHandlers(ctx: RequestCtx, handlers: readonly string[], variant: string) {
  const rows = await ctx.db
    .selectFrom("elements")
    .selectAll()
    .where("handler", "in", [...handlers])
    .where("variant", "in", variant === "default" ? ["default"] : [variant, "default"])
    .where("language_code", "in", languagesFor(ctx.locale))
    .execute();
  // Prefer the requested variant, then the requested language.
  const score = (r: (typeof rows)[number]) => (r.variant === variant ? 2 : 0) + (r.language_code === ctx.locale ? 1 : 0);
  const best = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const current = best.get(r.handler);
    if (!current || score(r) > score(current)) best.set(r.handler, r);
  }
  return handlers.flatMap((h) => {
    const r = best.get(h);
    return r
      ? [
          {
            id: r.id,
            handler: r.handler,
            title: r.title,
            type: r.type,
            slug: r.slug,
            language_code: r.language_code,
            options: JSON.parse(r.options),
            meta: JSON.parse(r.meta),
            created_at: r.created_at,
          },
        ]
      : [];
  });
}

/** Finds the published page for a slug in the request language (hr fallback), with its translations. */
export async function decidePage(ctx: RequestCtx, slug: string): Promise<PageView | null> {
  for (const lang of languagesFor(ctx.locale)) {
    const row = await ctx.db
      .selectFrom("post_translations as t")
      .innerJoin("posts as p", "p.id", "t.post_id")
      .select(["p.id", "t.slug", "t.title", "t.components", "t.language_code"])
      .where("t.slug", "=", slug)
      .where("t.language_code", "=", lang)
      .where("p.post_type", "=", "page")
      .where("p.status", "=", "published")
      .executeTakeFirst();
    if (!row) continue;
    const translations = await ctx.db
      .selectFrom("post_translations")
      .select(["language_code", "slug"])
      .where("post_id", "=", row.id)
      .execute();
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      language: row.language_code,
      components: JSON.parse(row.components),
      translations: Object.fromEntries(translations.map((t) => [t.language_code, t.slug])),
    };
  }
  return null;
}
