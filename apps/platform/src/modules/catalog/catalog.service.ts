import {
  type CheckBundlesAnswer,
  type LayeredFilter,
  type LayeredNavigationBody,
  makePagination,
  type ProductCard,
  type ProductDetail,
  type ProductFilterBody,
  type ProductGetQuery,
  type ProductList,
  type ProductSort,
  SORT_OPTIONS,
} from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { loadCards, translationsOf } from "./catalog.cards.ts";
import { categorySortDefault } from "./catalog.categories.ts";
import { getProduct as loadProduct } from "./catalog.detail.ts";
import { buildCriteria } from "./catalog.filters.ts";
import { layeredNavigation as layered } from "./catalog.layered.ts";
import { pageOfProducts } from "./catalog.repository.ts";

export { filterCategories, filterTags, getCategory } from "./catalog.categories.ts";
export { type Configurable, loadConfigurable } from "./catalog.detail.ts";

/**
 * Product cards by id for other modules (cart, wishlist): any product that exists, archived and
 * variants included, in a few batched queries. Missing ids are simply absent from the map.
 */
export function loadProductCards(ctx: Pick<RequestCtx, "db" | "locale">, ids: readonly number[]): Promise<Map<number, ProductCard>> {
  return loadCards(ctx, ids);
}

export function getProduct(ctx: RequestCtx, query: ProductGetQuery): Promise<ProductDetail> {
  return loadProduct(ctx, query);
}

const NEWEST: ProductSort = { param: "id", order: "desc" };

/** The visitor's sort, else the main category's default, else newest first (SPEC §9). */
async function sortOf(ctx: RequestCtx, body: ProductFilterBody): Promise<ProductSort> {
  if (body.sort) return body.sort;
  if (body.mainCategory === undefined) return NEWEST;
  const id = await categorySortDefault(ctx, body.mainCategory);
  const option = SORT_OPTIONS.find((o) => o.id === id);
  return option ? { param: option.param, order: option.order } : NEWEST;
}

export async function filterProducts(ctx: RequestCtx, body: ProductFilterBody): Promise<ProductList> {
  const now = new Date().toISOString();
  const [criteria, sort] = await Promise.all([buildCriteria(ctx, body.filters, now), sortOf(ctx, body)]);
  const { ids, total } = await pageOfProducts(ctx.db, { criteria, keywords: body.keywords, locale: ctx.locale, now }, sort, {
    limit: body.limit,
    offset: (body.page - 1) * body.limit,
  });
  const cards = await loadCards(ctx, ids);
  return {
    records: ids.flatMap((id) => {
      const card = cards.get(id);
      return card ? [card] : [];
    }),
    pagination: makePagination(body.page, body.limit, total),
  };
}

export function layeredNavigation(ctx: RequestCtx, body: LayeredNavigationBody): Promise<LayeredFilter[]> {
  return layered(ctx, body);
}

/** The bundles a product is part of, and whether it (a bundle) needs the customisation modal. */
export async function checkBundles(ctx: RequestCtx, productId: number): Promise<CheckBundlesAnswer> {
  const product = await ctx.db.selectFrom("products").select(["id", "format"]).where("id", "=", productId).executeTakeFirst();
  if (!product) throw new AppError("NOT_FOUND", "shopApi.error.productNotFound");
  const [bundles, configurableParts] = await Promise.all([
    ctx.db
      .selectFrom("bundle_parts as b")
      .innerJoin("products as p", "p.id", "b.bundle_id")
      .select("p.id")
      .where("b.part_id", "=", productId)
      .where("p.archived", "=", 0)
      .where("p.visible_individually", "=", 1)
      .groupBy("p.id")
      .orderBy("p.id")
      .execute(),
    ctx.db
      .selectFrom("bundle_parts as b")
      .innerJoin("products as part", "part.id", "b.part_id")
      .select("b.id")
      .where("b.bundle_id", "=", productId)
      .where("part.format", "=", "configurable")
      .execute(),
  ]);
  const names = await translationsOf(
    ctx.db,
    bundles.map((b) => b.id),
    ctx.locale,
  );
  return {
    bundles: bundles.map((b) => ({ id: b.id, name: names.get(b.id)?.name ?? "", slug: names.get(b.id)?.slug ?? String(b.id) })),
    needsConfiguration: product.format === "bundle" && configurableParts.length > 0,
  };
}
