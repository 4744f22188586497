import {
  type CategoryFilterBody,
  type CategoryView,
  FALLBACK_LOCALE,
  type Locale,
  SORT_OPTIONS,
  type SortOption,
  type TagView,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { categoryClosure } from "./catalog.filters.ts";

/** Categories (web/category/get, web/category/filter) and tags (web/tag/filter). */

type Ctx = Pick<RequestCtx, "db" | "locale">;

export function sortOptions(locale: Locale): SortOption[] {
  return SORT_OPTIONS.map((o) => ({ id: o.id, name: t(locale, `shopApi.sort.${o.id}`) }));
}

const isSortId = (id: string | null): id is SortOption["id"] => SORT_OPTIONS.some((o) => o.id === id);

interface CategoryRow {
  id: number;
  parent_id: number | null;
  position: number;
  image_src: string | null;
  sort_default: string | null;
}

/** Every category as a view (children empty), with its product count over its whole subtree. */
async function allCategories(ctx: Ctx): Promise<{ rows: CategoryRow[]; views: Map<number, CategoryView> }> {
  const [rows, translations, links, closure] = await Promise.all([
    ctx.db.selectFrom("product_categories").select(["id", "parent_id", "position", "image_src", "sort_default"]).execute(),
    ctx.db.selectFrom("product_category_translations").select(["category_id", "language_code", "name", "slug", "description"]).execute(),
    ctx.db
      .selectFrom("product_category_links as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["l.category_id", "l.product_id"])
      .where("p.visible_individually", "=", 1)
      .where("p.archived", "=", 0)
      .execute(),
    categoryClosure(ctx.db),
  ]);
  const productsOf = new Map<number, number[]>();
  for (const l of links) productsOf.set(l.category_id, [...(productsOf.get(l.category_id) ?? []), l.product_id]);
  const sorts = sortOptions(ctx.locale);
  const views = new Map<number, CategoryView>();
  for (const r of rows) {
    const own = translations.filter((x) => x.category_id === r.id);
    const tr = own.find((x) => x.language_code === ctx.locale) ?? own.find((x) => x.language_code === FALLBACK_LOCALE) ?? own[0];
    const products = new Set((closure.get(r.id) ?? [r.id]).flatMap((c) => productsOf.get(c) ?? []));
    views.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: tr?.name ?? "",
      slug: tr?.slug ?? String(r.id),
      description: tr?.description ?? "",
      image: r.image_src,
      sortTypes: sorts,
      sortDefaultType: isSortId(r.sort_default) ? r.sort_default : "newest",
      productCount: products.size,
      children: [],
      translations: Object.fromEntries(own.map((x) => [x.language_code, x.slug])),
    });
  }
  return { rows, views };
}

export async function getCategory(ctx: Ctx, id: number): Promise<CategoryView> {
  const { views } = await allCategories(ctx);
  const view = views.get(id);
  if (!view) throw new AppError("NOT_FOUND", "shopApi.error.categoryNotFound");
  return view;
}

/** A category's sort default (a SORT_OPTIONS id), or null when it has none or does not exist. */
export async function categorySortDefault(ctx: Ctx, id: number): Promise<string | null> {
  const row = await ctx.db.selectFrom("product_categories").select("sort_default").where("id", "=", id).executeTakeFirst();
  return row?.sort_default ?? null;
}

export async function filterCategories(ctx: Ctx, body: CategoryFilterBody): Promise<{ records: CategoryView[] }> {
  const { rows, views } = await allCategories(ctx);
  let selected = rows;
  if (body.slug !== undefined) {
    const hit = await ctx.db
      .selectFrom("product_category_translations")
      .select("category_id")
      .where("slug", "=", body.slug)
      .orderBy("category_id")
      .execute();
    const ids = new Set(hit.map((h) => h.category_id));
    selected = selected.filter((r) => ids.has(r.id));
  }
  for (const f of body.filters) {
    const list = (Array.isArray(f.value) ? f.value : [f.value]).map((v) => (v === null ? null : Number(v)));
    if (f.key === "id") selected = selected.filter((r) => list.includes(r.id));
    else if (f.key === "parentId") selected = selected.filter((r) => list.includes(r.parent_id));
    else {
      const path = `filters.${body.filters.indexOf(f)}.key`;
      throw new AppError("VALIDATION_ERROR", `${t(ctx.locale, "error.validation")} (${path})`, {
        fields: [{ path, key: "shopApi.error.unknownFilter", params: {}, message: t(ctx.locale, "shopApi.error.unknownFilter") }],
      });
    }
  }
  const { param, order } = body.sort;
  const sign = order === "asc" ? 1 : -1;
  const compare = (a: CategoryRow, b: CategoryRow) => {
    const va = views.get(a.id);
    const vb = views.get(b.id);
    const primary =
      param === "name"
        ? (va?.name ?? "").localeCompare(vb?.name ?? "", ctx.locale)
        : param === "position"
          ? a.position - b.position
          : a.id - b.id;
    return sign * (primary || a.id - b.id);
  };
  const sorted = [...rows].sort(compare);
  if (!body.tree) return { records: [...selected].sort(compare).map((r) => views.get(r.id) as CategoryView) };
  // Nest every category under its parent; the answer starts at the selected ones whose parent is not selected.
  for (const r of sorted) {
    const parent = r.parent_id === null ? undefined : views.get(r.parent_id);
    if (parent) parent.children.push(views.get(r.id) as CategoryView);
  }
  const chosen = new Set(selected.map((r) => r.id));
  const roots = [...selected].sort(compare).filter((r) => r.parent_id === null || !chosen.has(r.parent_id));
  return { records: roots.map((r) => views.get(r.id) as CategoryView) };
}

export async function filterTags(ctx: Ctx, body: { slug?: string }): Promise<{ records: TagView[] }> {
  let q = ctx.db
    .selectFrom("product_tag_translations")
    .select(["tag_id", "language_code", "name", "slug"])
    .where("language_code", "in", [ctx.locale, FALLBACK_LOCALE]);
  if (body.slug !== undefined) {
    const slug = body.slug;
    q = q.where("tag_id", "in", (eb) => eb.selectFrom("product_tag_translations").select("tag_id").where("slug", "=", slug));
  }
  const rows = await q.orderBy("tag_id").execute();
  const ids = [...new Set(rows.map((r) => r.tag_id))];
  return {
    records: ids.flatMap((id) => {
      const own = rows.filter((r) => r.tag_id === id);
      const r = own.find((x) => x.language_code === ctx.locale) ?? own[0];
      return r ? [{ id, name: r.name, slug: r.slug }] : [];
    }),
  };
}
