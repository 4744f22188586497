import type {
  AttributeValueRef,
  BundlePart,
  CategoryRef,
  ConfigurableAttribute,
  CustomOption,
  LayeredFilterType,
  ProductCard,
  ProductDetail,
  ProductGetQuery,
  ProductVariant,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { productPrices, toEur } from "./pricing.ts";
import { mediaOf, productRows } from "./product-cards.repository.ts";
import { bestTranslations, loadCards, translationsOf } from "./product-cards.service.ts";
import {
  attributeLabelRows,
  attributeValueRows,
  bundlePartsOf,
  categoryRows,
  crossSellIds,
  customOptionRows,
  pageProductIdBySlug,
  productIdById,
  productTexts,
  selectorAttributeRows,
  valueLabelRows,
  variantIdsOf,
  variantValueRows,
} from "./product-detail.repository.ts";

/** The product page's product (web/get): the card plus variants, bundle parts, options, attributes and cross-sells. */

type Ctx = Pick<RequestCtx, "db" | "locale">;

/**
 * By id any product is found (variants too, for carts); by slug (any language, the request's
 * first) only products with a page of their own. Archived ones stay reachable so old links work.
 */
function resolveId(ctx: Ctx, query: ProductGetQuery): Promise<number | null> {
  if (query.id !== undefined) return productIdById(ctx.db, query.id);
  return pageProductIdBySlug(ctx.db, query.slug ?? "", ctx.locale);
}

export async function getProduct(ctx: Ctx, query: ProductGetQuery): Promise<ProductDetail> {
  const id = await resolveId(ctx, query);
  const card = id === null ? undefined : (await loadCards(ctx, [id])).get(id);
  if (id === null || !card) throw new AppError("NOT_FOUND", "shopApi.error.productNotFound");
  const [texts, categories, attributes, configurable, bundles, customOptions, crossSells] = await Promise.all([
    productTexts(ctx.db, id),
    categoriesOf(ctx, id),
    attributeSet(ctx, id),
    card.format === "configurable" ? loadConfigurable(ctx, [id]) : Promise.resolve(new Map<number, Configurable>()),
    card.format === "bundle" ? bundleParts(ctx, id) : Promise.resolve([]),
    customOptionsOf(ctx, id),
    crossSellsOf(ctx, id),
  ]);
  const own = configurable.get(id);
  return {
    ...card,
    description: pickTranslation(texts, ctx.locale, true)?.description ?? "",
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
  const best = bestTranslations(await categoryRows(ctx.db, productId, languagesFor(ctx.locale)), (r) => r.category_id, ctx.locale, true);
  return [...best.values()].map((r) => ({ id: r.category_id, name: r.name, slug: r.slug }));
}

/** Labels of attribute values in the request language (else the fallback's), by value id. */
async function valueLabels(ctx: Ctx, valueIds: readonly number[]): Promise<Map<number, string>> {
  const best = bestTranslations(await valueLabelRows(ctx.db, valueIds, languagesFor(ctx.locale)), (r) => r.value_id, ctx.locale);
  return new Map([...best].map(([id, r]) => [id, r.label]));
}

async function attributeLabels(ctx: Ctx, attributeIds: readonly number[]): Promise<Map<number, string>> {
  const best = bestTranslations(
    await attributeLabelRows(ctx.db, attributeIds, languagesFor(ctx.locale)),
    (r) => r.attribute_id,
    ctx.locale,
  );
  return new Map([...best].map(([id, r]) => [id, r.label]));
}

async function attributeSet(ctx: Ctx, productId: number): Promise<AttributeValueRef[]> {
  const rows = await attributeValueRows(ctx.db, productId);
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
        value: { value: yes ? 1 : 0, label: t(ctx.locale, yes ? "shopApi.filter.yes" : "shopApi.filter.no") },
      };
    }
    if (r.number_value !== null)
      return { attributeCode: r.code, label, value: { value: Number(r.number_value), label: String(Number(r.number_value)) } };
    return { attributeCode: r.code, label, value: { value: r.text_value ?? "", label: r.text_value ?? "" } };
  });
}

interface Configurable {
  variants: ProductVariant[];
  attributes: ConfigurableAttribute[];
}

const isMediaSwatch = (swatch: string | null) => swatch !== null && /^(\/|https:\/\/)/.test(swatch);

/** Variants (non-archived) and selector attributes of configurable products, in a few batched reads. */
async function loadConfigurable(ctx: Ctx, parentIds: readonly number[]): Promise<Map<number, Configurable>> {
  const out = new Map<number, Configurable>();
  if (parentIds.length === 0) return out;
  const now = new Date().toISOString();
  const [ids, selectors] = await Promise.all([variantIdsOf(ctx.db, parentIds), selectorAttributeRows(ctx.db, parentIds)]);
  const attributeIds = [...new Set(selectors.map((c) => c.attribute_id))];
  const [rows, translations, media, values, labels] = await Promise.all([
    productRows(ctx.db, ids),
    translationsOf(ctx.db, ids, ctx.locale),
    mediaOf(ctx.db, ids),
    variantValueRows(ctx.db, ids, attributeIds),
    attributeLabels(ctx, attributeIds),
  ]);
  const valueNames = await valueLabels(ctx, [...new Set(values.map((v) => v.value_id))]);
  for (const parentId of parentIds) {
    const mine = rows.filter((r) => r.parent_id === parentId).sort((a, b) => a.id - b.id);
    const attrs = selectors.filter((c) => c.product_id === parentId);
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
            return v ? [[a.code, v.value_id]] : [];
          }),
        ),
      };
    });
    const variantSet = new Set(mine.map((r) => r.id));
    const attributes: ConfigurableAttribute[] = attrs.map((a) => {
      const used = new Map<number, { position: number; swatch: string | null }>();
      for (const v of values) {
        if (v.attribute_id === a.attribute_id && variantSet.has(v.product_id)) used.set(v.value_id, v);
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

async function bundleParts(ctx: Ctx, bundleId: number): Promise<BundlePart[]> {
  const parts = await bundlePartsOf(ctx.db, bundleId);
  const cards = await loadCards(
    ctx,
    parts.map((p) => p.part_id),
  );
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
  const best = bestTranslations(await customOptionRows(ctx.db, productId, languagesFor(ctx.locale)), (r) => r.id, ctx.locale, true);
  return [...best.values()].map((r) => ({
    id: r.id,
    option_type: r.option_type,
    title: r.title,
    required: r.required === 1,
    price: toEur(r.price_cents),
    maxLength: r.max_length,
    custom_option_values: [],
  }));
}

async function crossSellsOf(ctx: Ctx, productId: number): Promise<ProductCard[]> {
  const ids = await crossSellIds(ctx.db, productId);
  const cards = await loadCards(ctx, ids);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}
