import { FALLBACK_LOCALE, type Locale } from "@shop/contracts";
import type { Database, Executor } from "@shop/db";
import type { Selectable } from "kysely";
import { PRODUCT_COLUMNS } from "./product-cards.repository.ts";

/**
 * The catalog as the cart and orders read it: products with their price and stock columns, bundle
 * parts, custom options, first pictures and variant labels, in the request language (hr fallback).
 */

/** A product with its name and slug in the request language (hr as fallback) and its parent's slug. */
export type ProductInfo = Pick<Selectable<Database["products"]>, (typeof PRODUCT_COLUMNS)[number] | "classification_code"> & {
  name: string;
  slug: string;
  parentSlug: string | null;
};

export async function productsById(db: Executor, locale: Locale, ids: readonly number[]): Promise<Map<number, ProductInfo>> {
  const map = new Map<number, ProductInfo>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.language_code", "=", locale))
    .leftJoin("product_translations as tf", (j) => j.onRef("tf.product_id", "=", "p.id").on("tf.language_code", "=", FALLBACK_LOCALE))
    .leftJoin("product_translations as pt", (j) => j.onRef("pt.product_id", "=", "p.parent_id").on("pt.language_code", "=", locale))
    .leftJoin("product_translations as ptf", (j) =>
      j.onRef("ptf.product_id", "=", "p.parent_id").on("ptf.language_code", "=", FALLBACK_LOCALE),
    )
    .select(PRODUCT_COLUMNS.map((column) => `p.${column}` as const))
    .select([
      // The KPD code an order line freezes for its e-invoice.
      "p.classification_code",
      "t.name as name",
      "tf.name as name_fallback",
      "t.slug as slug",
      "tf.slug as slug_fallback",
      "pt.name as parent_name",
      "ptf.name as parent_name_fallback",
      "pt.slug as parent_slug",
      "ptf.slug as parent_slug_fallback",
    ])
    .where("p.id", "in", [...new Set(ids)])
    .execute();
  for (const r of rows) {
    const { name, name_fallback, slug, slug_fallback, parent_name, parent_name_fallback, parent_slug, parent_slug_fallback, ...columns } =
      r;
    map.set(r.id, {
      ...columns,
      // A variant without texts of its own goes by its configurable product's.
      name: name ?? name_fallback ?? parent_name ?? parent_name_fallback ?? r.sku,
      slug: slug ?? slug_fallback ?? parent_slug ?? parent_slug_fallback ?? "",
      parentSlug: parent_slug ?? parent_slug_fallback ?? null,
    });
  }
  return map;
}

export interface BundlePartRow {
  bundle_id: number;
  part_id: number;
  qty: number;
}

export async function bundlePartsOf(db: Executor, bundleIds: readonly number[]): Promise<Map<number, BundlePartRow[]>> {
  const map = new Map<number, BundlePartRow[]>();
  if (bundleIds.length === 0) return map;
  const rows = await db
    .selectFrom("bundle_parts")
    .select(["bundle_id", "part_id", "qty"])
    .where("bundle_id", "in", [...new Set(bundleIds)])
    .orderBy("bundle_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const list = map.get(r.bundle_id) ?? [];
    list.push(r);
    map.set(r.bundle_id, list);
  }
  return map;
}

export interface OptionInfo {
  id: number;
  product_id: number;
  option_type: "text" | "number";
  required: number;
  price_cents: number;
  max_length: number | null;
  title: string;
}

/** Custom options of some products and/or by id, titled in the request language. */
export async function customOptions(
  db: Executor,
  locale: Locale,
  productIds: readonly number[],
  optionIds: readonly number[],
): Promise<OptionInfo[]> {
  if (productIds.length === 0 && optionIds.length === 0) return [];
  const rows = await db
    .selectFrom("custom_options as o")
    .leftJoin("custom_option_translations as t", (j) => j.onRef("t.option_id", "=", "o.id").on("t.language_code", "=", locale))
    .leftJoin("custom_option_translations as tf", (j) => j.onRef("tf.option_id", "=", "o.id").on("tf.language_code", "=", FALLBACK_LOCALE))
    .select([
      "o.id",
      "o.product_id",
      "o.option_type",
      "o.required",
      "o.price_cents",
      "o.max_length",
      "t.title as title",
      "tf.title as title_fallback",
    ])
    .where((eb) =>
      eb.or([
        ...(productIds.length > 0 ? [eb("o.product_id", "in", [...new Set(productIds)])] : []),
        ...(optionIds.length > 0 ? [eb("o.id", "in", [...new Set(optionIds)])] : []),
      ]),
    )
    .orderBy("o.product_id")
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    option_type: r.option_type,
    required: r.required,
    price_cents: r.price_cents,
    max_length: r.max_length,
    title: r.title ?? r.title_fallback ?? "",
  }));
}

/** The first picture of each product, in gallery order. */
export async function firstMedia(db: Executor, productIds: readonly number[]) {
  const map = new Map<number, { src: string; width: number; height: number; alt: string }>();
  if (productIds.length === 0) return map;
  const rows = await db
    .selectFrom("product_media")
    .select(["product_id", "src", "width", "height", "alt"])
    .where("product_id", "in", [...new Set(productIds)])
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const r of rows) {
    if (!map.has(r.product_id)) map.set(r.product_id, { src: r.src, width: r.width, height: r.height, alt: r.alt });
  }
  return map;
}

/** "Miris: Limun"-style labels of variants, in the configurable product's selector order. */
export async function variantLabels(db: Executor, locale: Locale, variantIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (variantIds.length === 0) return map;
  const rows = await db
    .selectFrom("product_attribute_values as pav")
    .innerJoin("products as p", "p.id", "pav.product_id")
    .innerJoin("configurable_attributes as ca", (j) =>
      j.onRef("ca.product_id", "=", "p.parent_id").onRef("ca.attribute_id", "=", "pav.attribute_id"),
    )
    .innerJoin("attribute_translations as at", "at.attribute_id", "pav.attribute_id")
    .innerJoin("attribute_value_translations as vt", (j) =>
      j.onRef("vt.value_id", "=", "pav.value_id").onRef("vt.language_code", "=", "at.language_code"),
    )
    .select(["pav.product_id", "pav.attribute_id", "at.language_code", "at.label as attribute", "vt.label as value"])
    .where("pav.product_id", "in", [...new Set(variantIds)])
    .where("at.language_code", "in", [locale, FALLBACK_LOCALE])
    .orderBy("pav.product_id")
    .orderBy("ca.position")
    .orderBy("ca.id")
    .execute();
  // Per product and attribute: the request language wins over the fallback.
  const chosen = new Map<string, { productId: number; text: string; exact: boolean }>();
  for (const r of rows) {
    const key = `${r.product_id}:${r.attribute_id}`;
    const exact = r.language_code === locale;
    const seen = chosen.get(key);
    if (!seen || (exact && !seen.exact)) chosen.set(key, { productId: r.product_id, text: `${r.attribute}: ${r.value}`, exact });
  }
  for (const { productId, text } of chosen.values()) {
    const list = map.get(productId) ?? [];
    list.push(text);
    map.set(productId, list);
  }
  return map;
}
