import {
  type CheckBundlesAnswer,
  makePagination,
  type ProductFilterBody,
  type ProductList,
  type ProductSort,
  SORT_OPTIONS,
} from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { bundlesContaining, hasConfigurablePart, productFormatOf } from "./catalog.repository.ts";
import { categorySortDefault } from "./categories.repository.ts";
import { loadCards, translationsOf } from "./product-cards.service.ts";
import { buildCriteria } from "./product-filters.service.ts";
import { pageOfProducts } from "./product-list.repository.ts";

/** The catalog endpoints of SPEC §7 Products and shop; the views are built in the *.service.ts files beside their read models. */

export { filterCategories, filterTags, getCategory } from "./categories.service.ts";
export { layeredNavigation } from "./layered-navigation.service.ts";
export { loadCards as loadProductCards } from "./product-cards.service.ts";
export { getProduct } from "./product-detail.service.ts";

const NEWEST: ProductSort = { param: "id", order: "desc" };

/** The visitor's sort, else the main category's default, else newest first (SPEC §9). */
async function sortOf(ctx: RequestCtx, body: ProductFilterBody): Promise<ProductSort> {
  if (body.sort) return body.sort;
  if (body.mainCategory === undefined) return NEWEST;
  const id = await categorySortDefault(ctx.db, body.mainCategory);
  const option = SORT_OPTIONS.find((o) => o.id === id);
  return option ? { param: option.param, order: option.order } : NEWEST;
}

export async function filterProducts(ctx: RequestCtx, body: ProductFilterBody): Promise<ProductList> {
  const now = new Date().toISOString();
  const [criteria, sort] = await Promise.all([buildCriteria(ctx, body.filters), sortOf(ctx, body)]);
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

/** The bundles a product is part of, and whether it (a bundle) needs the customisation modal. */
export async function checkBundles(ctx: RequestCtx, productId: number): Promise<CheckBundlesAnswer> {
  const format = await productFormatOf(ctx.db, productId);
  if (!format) throw new AppError("NOT_FOUND", "shopApi.error.productNotFound");
  const [bundles, configurable] = await Promise.all([
    bundlesContaining(ctx.db, productId),
    format === "bundle" ? hasConfigurablePart(ctx.db, productId) : Promise.resolve(false),
  ]);
  const names = await translationsOf(ctx.db, bundles, ctx.locale);
  return {
    bundles: bundles.map((id) => ({ id, name: names.get(id)?.name ?? "", slug: names.get(id)?.slug ?? String(id) })),
    needsConfiguration: configurable,
  };
}
