import {
  type AttributeValueRef,
  type BundlePart,
  type CategoryRef,
  type ConfigurableAttribute,
  type CustomOption,
  FALLBACK_LOCALE,
  type LayeredFilterType,
  type ProductDetail,
  type ProductGetQuery,
  type ProductVariant,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import { sql } from "kysely";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { loadCards, mediaOf, productRows, translationsOf } from "./catalog.cards.ts";
import { productPrices, toEur } from "./pricing.ts";

/** The product page's product (web/get): the card plus variants, bundle parts, options, attributes and cross-sells. */

type Ctx = Pick<RequestCtx, "db" | "locale">;

const pick = <T extends { language_code: string }>(rows: T[], locale: string): T | undefined =>
  rows.find((r) => r.language_code === locale) ?? rows.find((r) => r.language_code === FALLBACK_LOCALE) ?? rows[0];

/**
 * By id any product is found (variants too, for carts); by slug (any language, the request's
 * first) only products with a page of their own. Archived ones stay reachable so old links work.
 */
async function resolveId(ctx: Ctx, query: ProductGetQuery): Promise<number | null> {
  if (query.id !== undefined) {
    const row = await ctx.db.selectFrom("products").select("id").where("id", "=", query.id).executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await ctx.db
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select("p.id")
    .where("t.slug", "=", query.slug ?? "")
    .where("p.visible_individually", "=", 1)
    .orderBy(sql`case when t.language_code = ${ctx.locale} then 0 else 1 end`)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function getProduct(ctx: Ctx, query: ProductGetQuery): Promise<ProductDetail> {
  const id = await resolveId(ctx, query);
  const card = id === null ? undefined : (await loadCards(ctx, [id])).get(id);
  if (id === null || !card) throw new AppError("NOT_FOUND", "shopApi.error.productNotFound");
  const [texts, categories, attributes, configurable, bundles, customOptions, crossSells] = await Promise.all([
    ctx.db.selectFrom("product_translations").select(["language_code", "slug", "description"]).where("product_id", "=", id).execute(),
    categoriesOf(ctx, id),
    attributeSet(ctx, id),
    card.format === "configurable" ? loadConfigurable(ctx, [id]) : Promise.resolve(new Map<number, Configurable>()),
    card.format === "bundle" ? bundlePartsOf(ctx, id) : Promise.resolve([]),
    customOptionsOf(ctx, id),
    crossSellsOf(ctx, id),
  ]);
  const own = configurable.get(id);
  return {
    ...card,
    description: pick(texts, ctx.locale)?.description ?? "",
    categories,
    attributeSet: { attributes },
    associatedProducts: own?.variants ?? [],
    associatedProductsAttributes: own?.attributes ?? [],
    bundles,
    customOptions,
    crossSellProducts: crossSells,
    translations: Object.fromEntries(texts.map((r) => [r.language_code, r.slug])),
  };
}

async function categoriesOf(ctx: Ctx, productId: number): Promise<CategoryRef[]> {
  const rows = await ctx.db
    .selectFrom("product_category_links as l")
    .innerJoin("product_category_translations as t", "t.category_id", "l.category_id")
    .select(["l.category_id", "t.language_code", "t.name", "t.slug"])
    .where("l.product_id", "=", productId)
    .where("t.language_code", "in", [ctx.locale, FALLBACK_LOCALE])
    .orderBy("l.category_id")
    .execute();
  const ids = [...new Set(rows.map((r) => r.category_id))];
  return ids.flatMap((cid) => {
    const r = pick(
      rows.filter((x) => x.category_id === cid),
      ctx.locale,
    );
    return r ? [{ id: cid, name: r.name, slug: r.slug }] : [];
  });
}

/** Labels of attribute values in the request language (fallback hr), by value id. */
async function valueLabels(ctx: Ctx, valueIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (valueIds.length === 0) return out;
  const rows = await ctx.db
    .selectFrom("attribute_value_translations")
    .select(["value_id", "language_code", "label"])
    .where("value_id", "in", [...valueIds])
    .where("language_code", "in", [ctx.locale, FALLBACK_LOCALE])
    .execute();
  for (const r of rows) if (r.language_code === ctx.locale || !out.has(r.value_id)) out.set(r.value_id, r.label);
  return out;
}

async function attributeLabels(ctx: Ctx, attributeIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (attributeIds.length === 0) return out;
  const rows = await ctx.db
    .selectFrom("attribute_translations")
    .select(["attribute_id", "language_code", "label"])
    .where("attribute_id", "in", [...attributeIds])
    .where("language_code", "in", [ctx.locale, FALLBACK_LOCALE])
    .execute();
  for (const r of rows) if (r.language_code === ctx.locale || !out.has(r.attribute_id)) out.set(r.attribute_id, r.label);
  return out;
}

async function attributeSet(ctx: Ctx, productId: number): Promise<AttributeValueRef[]> {
  const rows = await ctx.db
    .selectFrom("product_attribute_values as v")
    .innerJoin("attributes as a", "a.id", "v.attribute_id")
    .select(["a.id as attributeId", "a.code", "a.input_type", "v.value_id", "v.number_value", "v.text_value"])
    .where("v.product_id", "=", productId)
    .orderBy("a.position")
    .orderBy("v.id")
    .execute();
  const [labels, values] = await Promise.all([
    attributeLabels(ctx, [...new Set(rows.map((r) => r.attributeId))]),
    valueLabels(
      ctx,
      rows.flatMap((r) => (r.value_id === null ? [] : [r.value_id])),
    ),
  ]);
  return rows.map((r) => {
    const label = labels.get(r.attributeId) ?? r.code;
    if (r.value_id !== null) return { attributeCode: r.code, label, value: { value: r.value_id, label: values.get(r.value_id) ?? "" } };
    if (r.input_type === "YesNo") {
      const yes = Number(r.number_value) === 1;
      return {
        attributeCode: r.code,
        label,
        value: { value: yes ? 1 : 0, label: t(ctx.locale as never, yes ? "shopApi.filter.yes" : "shopApi.filter.no") },
      };
    }
    if (r.number_value !== null)
      return { attributeCode: r.code, label, value: { value: Number(r.number_value), label: String(Number(r.number_value)) } };
    return { attributeCode: r.code, label, value: { value: r.text_value ?? "", label: r.text_value ?? "" } };
  });
}

export interface Configurable {
  variants: ProductVariant[];
  attributes: ConfigurableAttribute[];
}

const isMediaSwatch = (swatch: string | null) => swatch !== null && /^(\/|https:\/\/)/.test(swatch);

/** Variants (non-archived) and selector attributes of configurable products, in a few batched queries. */
export async function loadConfigurable(ctx: Ctx, parentIds: readonly number[]): Promise<Map<number, Configurable>> {
  const out = new Map<number, Configurable>();
  if (parentIds.length === 0) return out;
  const now = new Date().toISOString();
  const [variantIds, configAttrs] = await Promise.all([
    ctx.db
      .selectFrom("products")
      .select("id")
      .where("parent_id", "in", [...parentIds])
      .where("archived", "=", 0)
      .orderBy("id")
      .execute(),
    ctx.db
      .selectFrom("configurable_attributes as c")
      .innerJoin("attributes as a", "a.id", "c.attribute_id")
      .select(["c.product_id", "c.attribute_id", "c.default_value_id", "a.code", "a.input_type", "a.custom_class"])
      .where("c.product_id", "in", [...parentIds])
      .orderBy("c.position")
      .execute(),
  ]);
  const ids = variantIds.map((v) => v.id);
  const attributeIds = [...new Set(configAttrs.map((c) => c.attribute_id))];
  const [rows, translations, media, values, labels] = await Promise.all([
    productRows(ctx.db, ids),
    translationsOf(ctx.db, ids, ctx.locale),
    mediaOf(ctx.db, ids),
    ids.length && attributeIds.length
      ? ctx.db
          .selectFrom("product_attribute_values as v")
          .innerJoin("attribute_values as av", "av.id", "v.value_id")
          .select(["v.product_id", "v.attribute_id", "v.value_id", "av.position", "av.swatch"])
          .where("v.product_id", "in", ids)
          .where("v.attribute_id", "in", attributeIds)
          .execute()
      : Promise.resolve([]),
    attributeLabels(ctx, attributeIds),
  ]);
  const valueNames = await valueLabels(ctx, [...new Set(values.map((v) => v.value_id as number))]);
  for (const parentId of parentIds) {
    const mine = rows.filter((r) => r.parent_id === parentId).sort((a, b) => a.id - b.id);
    const attrs = configAttrs.filter((c) => c.product_id === parentId);
    const variants: ProductVariant[] = mine.map((r) => {
      const name = translations.get(r.id)?.name ?? r.sku;
      return {
        ...productPrices(r, now),
        id: r.id,
        sku: r.sku,
        name,
        media: (media.get(r.id) ?? []).map((m) => ({ ...m, alt: m.alt || name })),
        stock: r.stock,
        inStock: r.stock === null || r.stock > 0,
        attributes: Object.fromEntries(
          attrs.flatMap((a) => {
            const v = values.find((x) => x.product_id === r.id && x.attribute_id === a.attribute_id);
            return v ? [[a.code, v.value_id as number]] : [];
          }),
        ),
      };
    });
    const variantSet = new Set(mine.map((r) => r.id));
    const attributes: ConfigurableAttribute[] = attrs.map((a) => {
      const used = new Map<number, { position: number; swatch: string | null }>();
      for (const v of values) {
        if (v.attribute_id === a.attribute_id && variantSet.has(v.product_id)) used.set(v.value_id as number, v);
      }
      return {
        attributeCode: a.code,
        label: labels.get(a.attribute_id) ?? a.code,
        inputType: a.input_type as LayeredFilterType,
        customClass: a.custom_class,
        values: [...used.entries()]
          .sort((x, y) => x[1].position - y[1].position || x[0] - y[0])
          .map(([id, v]) => ({
            id,
            value: valueNames.get(id) ?? "",
            isMedia: isMediaSwatch(v.swatch),
            swatch: v.swatch,
            shopDefault: id === a.default_value_id,
          })),
      };
    });
    out.set(parentId, { variants, attributes });
  }
  return out;
}

async function bundlePartsOf(ctx: Ctx, bundleId: number): Promise<BundlePart[]> {
  const parts = await ctx.db
    .selectFrom("bundle_parts")
    .select(["id", "part_id", "qty"])
    .where("bundle_id", "=", bundleId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const partIds = parts.map((p) => p.part_id);
  const cards = await loadCards(ctx, partIds);
  const configurable = await loadConfigurable(
    ctx,
    [...cards.values()].filter((c) => c.format === "configurable").map((c) => c.id),
  );
  return parts.flatMap((p) => {
    const card = cards.get(p.part_id);
    if (!card) return [];
    const own = configurable.get(p.part_id);
    return [
      {
        id: p.id,
        qty: p.qty,
        product: { ...card, associatedProducts: own?.variants ?? [], associatedProductsAttributes: own?.attributes ?? [] },
      },
    ];
  });
}

async function customOptionsOf(ctx: Ctx, productId: number): Promise<CustomOption[]> {
  const rows = await ctx.db
    .selectFrom("custom_options as o")
    .innerJoin("custom_option_translations as t", "t.option_id", "o.id")
    .select(["o.id", "o.option_type", "o.required", "o.price_cents", "o.max_length", "o.position", "t.language_code", "t.title"])
    .where("o.product_id", "=", productId)
    .where("t.language_code", "in", [ctx.locale, FALLBACK_LOCALE])
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
  const ids = [...new Set(rows.map((r) => r.id))];
  return ids.flatMap((id) => {
    const r = pick(
      rows.filter((x) => x.id === id),
      ctx.locale,
    );
    if (!r) return [];
    return [
      {
        id: r.id,
        option_type: r.option_type,
        title: r.title,
        required: r.required === 1,
        price: toEur(r.price_cents),
        maxLength: r.max_length,
        custom_option_values: [],
      },
    ];
  });
}

/** Cross-sells that still have a page: not archived, visible on their own. */
async function crossSellsOf(ctx: Ctx, productId: number) {
  const rows = await ctx.db
    .selectFrom("cross_sells as c")
    .innerJoin("products as p", "p.id", "c.cross_product_id")
    .select("p.id")
    .where("c.product_id", "=", productId)
    .where("p.archived", "=", 0)
    .where("p.visible_individually", "=", 1)
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  const cards = await loadCards(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.id);
    return card ? [card] : [];
  });
}
