import type { Locale, MediaRef, ProductCard } from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { RequestCtx } from "../../http/context.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { productPrices } from "./pricing.ts";
import {
  bundlePartRows,
  mediaOf,
  type PartRow,
  type ProductRow,
  parentsWithVariantsInStock,
  productRows,
  ratingsOf,
  type TranslationRow,
  translationRows,
} from "./product-cards.repository.ts";

/** Product cards for a set of ids, from a fixed handful of batched reads whatever the number of products. */

/** The best translation (SPEC §1 fallback) of each thing among rows of several, by the id `idOf` reads. */
export function bestTranslations<T extends { language_code: string }, K>(
  rows: readonly T[],
  idOf: (row: T) => K,
  locale: Locale,
  anyLanguage = false,
): Map<K, T> {
  const grouped = new Map<K, T[]>();
  for (const row of rows) grouped.set(idOf(row), [...(grouped.get(idOf(row)) ?? []), row]);
  const out = new Map<K, T>();
  for (const [id, own] of grouped) {
    const best = pickTranslation(own, locale, anyLanguage);
    if (best) out.set(id, best);
  }
  return out;
}

/** Each product's translation in the request language, else the fallback language's. */
export async function translationsOf(db: Executor, ids: readonly number[], locale: Locale): Promise<Map<number, TranslationRow>> {
  return bestTranslations(await translationRows(db, ids, languagesFor(locale)), (r) => r.product_id, locale);
}

/** Whether each product is available now: own stock, any variant in stock, or every bundle part available. */
async function availability(
  db: Executor,
  rows: readonly ProductRow[],
): Promise<{ inStock: Map<number, boolean>; configurableBundles: Set<number> }> {
  const parts = await bundlePartRows(
    db,
    rows.filter((r) => r.format === "bundle").map((r) => r.id),
  );
  const withVariants = await parentsWithVariantsInStock(db, [
    ...new Set([
      ...rows.filter((r) => r.format === "configurable").map((r) => r.id),
      ...parts.filter((p) => p.format === "configurable").map((p) => p.part_id),
    ]),
  ]);
  const partAvailable = (p: PartRow) =>
    p.archived === 0 && (p.format === "configurable" ? withVariants.has(p.part_id) : p.stock === null || p.stock >= p.qty);
  const inStock = new Map<number, boolean>();
  for (const r of rows) {
    if (r.format === "configurable") inStock.set(r.id, withVariants.has(r.id));
    else if (r.format === "bundle") {
      const own = parts.filter((p) => p.bundle_id === r.id);
      inStock.set(r.id, (r.stock === null || r.stock > 0) && own.length > 0 && own.every(partAvailable));
    } else inStock.set(r.id, r.stock === null || r.stock > 0);
  }
  return { inStock, configurableBundles: new Set(parts.filter((p) => p.format === "configurable").map((p) => p.bundle_id)) };
}

/** SPEC §4 Addability: simple, EProduct, or a bundle without a configurable part; never an archived product. */
function directlyAddable(row: ProductRow, configurableBundles: Set<number>): boolean {
  if (row.archived === 1) return false;
  if (row.format === "simple" || row.format === "EProduct") return true;
  return row.format === "bundle" && !configurableBundles.has(row.id);
}

function buildCard(
  row: ProductRow,
  parts: {
    translation: TranslationRow | undefined;
    parentSlug: string | null;
    media: MediaRef[];
    rating: { average: number; count: number } | undefined;
    inStock: boolean;
    addable: boolean;
    now: string;
  },
): ProductCard {
  const name = parts.translation?.name ?? row.sku;
  return {
    ...productPrices(row, parts.now),
    id: row.id,
    name,
    slug: parts.translation?.slug ?? String(row.id),
    sku: row.sku,
    format: row.format,
    type: row.format,
    media: parts.media.map((m) => ({ ...m, alt: m.alt || name })),
    shortDescription: parts.translation?.short_description ?? "",
    featured: row.featured === 1,
    archived: row.archived === 1,
    categoryPriority: row.category_priority,
    stock: row.stock,
    inStock: parts.inStock,
    isVisibleIndividually: row.visible_individually === 1,
    mainProductSlug: parts.parentSlug,
    directlyAddable: parts.addable,
    rating: parts.rating ?? { average: 0, count: 0 },
  };
}

/**
 * Cards of existing products by id for lists and for other modules (cart, wishlist): any
 * visibility, archived ones and variants included. Missing ids are simply absent from the map.
 */
export async function loadCards(ctx: Pick<RequestCtx, "db" | "locale">, ids: readonly number[]): Promise<Map<number, ProductCard>> {
  const out = new Map<number, ProductCard>();
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return out;
  const now = new Date().toISOString();
  const rows = await productRows(ctx.db, unique);
  if (rows.length === 0) return out;
  const found = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.flatMap((r) => (r.parent_id === null ? [] : [r.parent_id])))];
  const [translations, media, ratings, stock] = await Promise.all([
    translationsOf(ctx.db, [...found, ...parentIds], ctx.locale),
    mediaOf(ctx.db, found),
    ratingsOf(ctx.db, found),
    availability(ctx.db, rows),
  ]);
  for (const row of rows) {
    out.set(
      row.id,
      buildCard(row, {
        translation: translations.get(row.id),
        parentSlug: row.parent_id === null ? null : (translations.get(row.parent_id)?.slug ?? null),
        media: media.get(row.id) ?? [],
        rating: ratings.get(row.id),
        inStock: stock.inStock.get(row.id) ?? false,
        addable: directlyAddable(row, stock.configurableBundles),
        now,
      }),
    );
  }
  return out;
}
