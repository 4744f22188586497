import { type CategoryFilterBody, type CategoryView, type Locale, SORT_OPTIONS, type SortOption, type TagView } from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import {
  type CategoryRow,
  categoryIdsBySlug,
  categoryRows,
  categoryTranslationRows,
  listedProductLinks,
  tagTranslationRows,
} from "./categories.repository.ts";
import { bestTranslations } from "./product-cards.service.ts";
import { categoryClosure } from "./product-filters.service.ts";

/** Categories (web/category/get, web/category/filter) and tags (web/tag/filter). */

type Ctx = Pick<RequestCtx, "db" | "locale">;

function sortOptions(locale: Locale): SortOption[] {
  return SORT_OPTIONS.map((o) => ({ id: o.id, name: t(locale, `shopApi.sort.${o.id}`) }));
}

const isSortId = (id: string | null): id is SortOption["id"] => SORT_OPTIONS.some((o) => o.id === id);

/** Every category as a view (children empty), with its product count over its whole subtree. */
async function allCategories(ctx: Ctx): Promise<{ rows: CategoryRow[]; views: Map<number, CategoryView> }> {
  const [rows, translations, links] = await Promise.all([
    categoryRows(ctx.db),
    categoryTranslationRows(ctx.db),
    listedProductLinks(ctx.db),
  ]);
  const closure = categoryClosure(rows);
  const productsOf = new Map<number, number[]>();
  for (const l of links) productsOf.set(l.category_id, [...(productsOf.get(l.category_id) ?? []), l.product_id]);
  const sorts = sortOptions(ctx.locale);
  const views = new Map<number, CategoryView>();
  for (const r of rows) {
    const own = translations.filter((x) => x.category_id === r.id);
    const tr = pickTranslation(own, ctx.locale, true);
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

export async function filterCategories(ctx: Ctx, body: CategoryFilterBody): Promise<{ records: CategoryView[] }> {
  const { rows, views } = await allCategories(ctx);
  let selected = rows;
  if (body.slug !== undefined) {
    const ids = new Set(await categoryIdsBySlug(ctx.db, body.slug));
    selected = selected.filter((r) => ids.has(r.id));
  }
  for (const [index, f] of body.filters.entries()) {
    const list = (Array.isArray(f.value) ? f.value : [f.value]).map((v) => (v === null ? null : Number(v)));
    if (f.key === "id") selected = selected.filter((r) => list.includes(r.id));
    else if (f.key === "parentId") selected = selected.filter((r) => list.includes(r.parent_id));
    else throw fieldsError([{ path: `filters.${index}.key`, key: "shopApi.error.unknownFilter" }]);
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
  const viewOf = (r: CategoryRow) => views.get(r.id) as CategoryView;
  if (!body.tree) return { records: [...selected].sort(compare).map(viewOf) };
  // Nest every category under its parent; the answer starts at the selected ones whose parent is not selected.
  for (const r of [...rows].sort(compare)) {
    const parent = r.parent_id === null ? undefined : views.get(r.parent_id);
    if (parent) parent.children.push(viewOf(r));
  }
  const chosen = new Set(selected.map((r) => r.id));
  const roots = [...selected].sort(compare).filter((r) => r.parent_id === null || !chosen.has(r.parent_id));
  return { records: roots.map(viewOf) };
}

export async function filterTags(ctx: Ctx, body: { slug?: string }): Promise<{ records: TagView[] }> {
  const rows = await tagTranslationRows(ctx.db, languagesFor(ctx.locale), body.slug);
  const best = bestTranslations(rows, (r) => r.tag_id, ctx.locale, true);
  return { records: [...best].map(([id, r]) => ({ id, name: r.name, slug: r.slug })) };
}
