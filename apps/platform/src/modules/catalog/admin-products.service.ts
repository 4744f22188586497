import {
  type AdminDeleteAnswer,
  type AdminProduct,
  type AdminProductCreateBody,
  type AdminProductInput,
  type AdminProductListBody,
  type AdminProductRow,
  type AdminStockBody,
  makePagination,
  type Paged,
  V,
} from "@shop/contracts";
import { LOW_STOCK_THRESHOLD } from "@shop/contracts/schemas/admin-catalog.ts";
import type { Executor } from "@shop/db";
import { AppError, type FieldRefusal, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { sanitizeStoredHtml } from "../cms/index.ts";
import { findPublicMedia, mediaView } from "../media/index.ts";
import {
  addStock,
  adminProductCount,
  adminProductPage,
  archiveProductRow,
  attributeTypes,
  deleteProductRow,
  existingIds,
  insertProductRow,
  type ProductChildren,
  type ProductColumns,
  productEditorRows,
  productIdBySku,
  productIdBySlug,
  productRow,
  productsOf,
  replaceProductChildren,
  setStockIf,
  setVariants,
  updateProductRow,
  valuesOfAttributes,
} from "./admin-products.repository.ts";
import { setProductClassificationCode } from "./product-classification.service.ts";

export const ADMIN_CATALOG_ERRORS = {
  notFound: "shopApi.error.productNotFound",
  skuTaken: "adminCatalog.error.skuTaken",
  slugTaken: "adminCatalog.error.slugTaken",
  duplicateLanguage: "adminCatalog.error.duplicateLanguage",
  unknownReference: "adminCatalog.error.unknownReference",
  stockChanged: "adminCatalog.error.stockChanged",
  stockShort: "adminCatalog.error.stockShort",
  notStockKept: "adminCatalog.error.notStockKept",
} as const;

/**
 * What a product's change names for the page caches (ADR 19): the product, and "products", which
 * drops every page made of catalog, search, wishlist or review answers (its page, the category
 * pages and lists that may show it, or show it no more).
 */
export function productTags(...ids: number[]): string[] {
  return ["products", ...ids.map((id) => `product:${id}`)];
}

export async function listProducts(ctx: RequestCtx, body: AdminProductListBody): Promise<Paged<AdminProductRow>> {
  const { page, limit, lowStock, ...rest } = body;
  const query = { ...rest, lowStockAt: lowStock ? LOW_STOCK_THRESHOLD : undefined };
  const [total, rows] = await Promise.all([
    adminProductCount(ctx.db, query),
    adminProductPage(ctx.db, query, ctx.locale, (page - 1) * limit, limit),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      format: r.format,
      name: r.name ?? r.name_hr ?? r.sku,
      retailCents: r.retail_cents,
      stock: r.stock,
      lowStock: r.stock !== null && r.stock <= LOW_STOCK_THRESHOLD,
      archived: r.archived === 1,
      featured: r.featured === 1,
      parentId: r.parent_id,
    })),
    pagination: makePagination(page, limit, total),
  };
}

async function editorView(db: Executor, id: number): Promise<AdminProduct | undefined> {
  const row = await productRow(db, id);
  if (!row) return undefined;
  const c = await productEditorRows(db, id);
  const attributes = new Map<number, AdminProduct["attributes"][number]>();
  for (const a of c.attributes) {
    const entry = attributes.get(a.attribute_id) ?? { attributeId: a.attribute_id };
    if (a.value_id !== null) entry.valueIds = [...(entry.valueIds ?? []), a.value_id];
    if (a.number_value !== null) entry.number = Number(a.number_value);
    if (a.text_value !== null) entry.text = a.text_value;
    attributes.set(a.attribute_id, entry);
  }
  return {
    id: row.id,
    sku: row.sku,
    format: row.format,
    parentId: row.parent_id,
    translations: c.translations.map((t) => ({
      language: t.language_code as AdminProduct["translations"][number]["language"],
      name: t.name,
      slug: t.slug,
      shortDescription: t.short_description,
      description: t.description,
    })),
    retailCents: row.retail_cents,
    vatRate: Number(row.vat_rate),
    membershipCents: row.membership_cents,
    discount: row.discount_cents === null ? null : { cents: row.discount_cents, from: row.discount_from, to: row.discount_to },
    stock: row.stock,
    featured: row.featured === 1,
    archived: row.archived === 1,
    categoryPriority: row.category_priority,
    categoryIds: c.categories.map((r) => r.category_id),
    crossSellIds: c.crossSells.map((r) => r.cross_product_id),
    attributes: [...attributes.values()],
    media: c.media.map((m) => ({ mediaId: m.media_id, src: m.src, width: m.width, height: m.height, alt: m.alt })),
    classificationCode: row.classification_code,
    variantIds: c.variants.map((r) => r.id),
    variantAttributeIds: c.variantAttributes.map((r) => r.attribute_id),
    bundleParts: c.parts.map((p) => ({ productId: p.part_id, qty: p.qty })),
    ordered: c.ordered,
    updatedAt: row.updated_at,
  };
}

export async function adminProduct(ctx: RequestCtx, id: number): Promise<AdminProduct> {
  const view = await editorView(ctx.db, id);
  if (!view) throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
  return view;
}

/** Each referenced id must exist (and not be the product itself): a missing one is a field error at its place. */
async function checkReferences(ctx: RequestCtx, input: AdminProductInput, selfId: number | null): Promise<ProductChildren["attributes"]> {
  const refused: FieldRefusal[] = [];
  const languages = new Set<string>();
  input.translations.forEach((t, i) => {
    if (languages.has(t.language)) refused.push({ path: `translations.${i}.language`, key: ADMIN_CATALOG_ERRORS.duplicateLanguage });
    languages.add(t.language);
  });
  const check = async (table: Parameters<typeof existingIds>[1], ids: readonly number[], path: (i: number) => string) => {
    const found = await existingIds(ctx.db, table, ids);
    ids.forEach((id, i) => {
      if (!found.has(id) || (table === "products" && id === selfId))
        refused.push({ path: path(i), key: ADMIN_CATALOG_ERRORS.unknownReference });
    });
  };
  await check("product_categories", input.categoryIds, (i) => `categoryIds.${i}`);
  await check("products", input.crossSellIds, (i) => `crossSellIds.${i}`);
  await check("products", input.variantIds, (i) => `variantIds.${i}`);
  await check(
    "products",
    input.bundleParts.map((p) => p.productId),
    (i) => `bundleParts.${i}.productId`,
  );
  await check("attributes", input.variantAttributeIds, (i) => `variantAttributeIds.${i}`);
  // A variant is a simple product or an e-product of this product alone, never another one's.
  for (const variant of await productsOf(ctx.db, input.variantIds)) {
    const taken = variant.parent_id !== null && variant.parent_id !== selfId;
    if (taken || (variant.format !== "simple" && variant.format !== "EProduct")) {
      refused.push({ path: `variantIds.${input.variantIds.indexOf(variant.id)}`, key: V.invalid });
    }
  }

  const types = new Map(
    (
      await attributeTypes(
        ctx.db,
        input.attributes.map((a) => a.attributeId),
      )
    ).map((r) => [r.id, r.input_type]),
  );
  const valueOwners = new Map(
    (
      await valuesOfAttributes(
        ctx.db,
        input.attributes.flatMap((a) => a.valueIds ?? []),
      )
    ).map((r) => [r.id, r.attribute_id]),
  );
  const rows: ProductChildren["attributes"] = [];
  for (const [i, a] of input.attributes.entries()) {
    const type = types.get(a.attributeId);
    if (!type) {
      refused.push({ path: `attributes.${i}.attributeId`, key: ADMIN_CATALOG_ERRORS.unknownReference });
    } else if (type === "Number" || type === "YesNo") {
      if (a.number === undefined || (type === "YesNo" && a.number !== 0 && a.number !== 1))
        refused.push({ path: `attributes.${i}.number`, key: V.invalid });
      else rows.push({ attribute_id: a.attributeId, value_id: null, number_value: a.number, text_value: null });
    } else if (type === "Date" || type === "DateTime") {
      if (!a.text || Number.isNaN(Date.parse(a.text))) refused.push({ path: `attributes.${i}.text`, key: V.invalid });
      else rows.push({ attribute_id: a.attributeId, value_id: null, number_value: null, text_value: a.text });
    } else {
      const valueIds = a.valueIds ?? [];
      if (valueIds.length === 0 || (type !== "MultiSelect" && valueIds.length > 1))
        refused.push({ path: `attributes.${i}.valueIds`, key: V.invalid });
      for (const [j, v] of valueIds.entries()) {
        if (valueOwners.get(v) !== a.attributeId)
          refused.push({ path: `attributes.${i}.valueIds.${j}`, key: ADMIN_CATALOG_ERRORS.unknownReference });
        else rows.push({ attribute_id: a.attributeId, value_id: v, number_value: null, text_value: null });
      }
    }
  }
  if (refused.length) throw fieldsError(refused);
  return rows;
}

/** The gallery rows: library media must be public images; a kept src must be one of the product's own pictures. */
async function mediaRows(
  ctx: RequestCtx,
  input: AdminProductInput,
  selfId: number | null,
  name: string,
): Promise<ProductChildren["media"]> {
  const own = selfId === null ? [] : (await productEditorRows(ctx.db, selfId)).media;
  const rows: ProductChildren["media"] = [];
  for (const [i, image] of input.images.entries()) {
    if ("mediaId" in image) {
      const row = await findPublicMedia(ctx.db, { id: image.mediaId });
      const url = row?.mime.startsWith("image/") ? mediaView(row, ctx.site.id).url : null;
      if (!row || !url) throw fieldError(`images.${i}.mediaId`, ADMIN_CATALOG_ERRORS.unknownReference);
      rows.push({ media_id: row.id, src: url, width: row.width ?? 0, height: row.height ?? 0, alt: image.alt || row.title || name });
    } else {
      const kept = own.find((m) => m.src === image.src);
      if (!kept) throw fieldError(`images.${i}.src`, ADMIN_CATALOG_ERRORS.unknownReference);
      rows.push({ media_id: kept.media_id, src: kept.src, width: kept.width, height: kept.height, alt: image.alt ?? kept.alt });
    }
  }
  return rows;
}

function columnsOf(input: AdminProductInput, now: string): ProductColumns {
  return {
    sku: input.sku,
    format: input.format,
    archived: input.archived ? 1 : 0,
    featured: input.featured ? 1 : 0,
    category_priority: input.categoryPriority,
    retail_cents: input.retailCents,
    discount_cents: input.discount?.cents ?? null,
    // Pricing compares instants as text: stored in the one UTC ISO form.
    discount_from: input.discount?.from ? new Date(input.discount.from).toISOString() : null,
    discount_to: input.discount?.to ? new Date(input.discount.to).toISOString() : null,
    membership_cents: input.membershipCents,
    vat_rate: input.vatRate,
    updated_at: now,
  };
}

/** A unique index refused the SKU or a slug: the field it names, found by asking which one clashes. */
async function clashOf(ctx: RequestCtx, input: AdminProductInput, selfId: number | null): Promise<AppError> {
  const sku = await productIdBySku(ctx.db, input.sku);
  if (sku !== undefined && sku !== selfId) return fieldError("sku", ADMIN_CATALOG_ERRORS.skuTaken);
  for (const [i, t] of input.translations.entries()) {
    const owner = await productIdBySlug(ctx.db, t.language, t.slug);
    if (owner !== undefined && owner !== selfId) return fieldError(`translations.${i}.slug`, ADMIN_CATALOG_ERRORS.slugTaken);
  }
  return new AppError("CONFLICT", "error.validation");
}

async function save(ctx: RequestCtx, input: AdminProductInput, existing: { id: number } | { stock: number | null }): Promise<AdminProduct> {
  const selfId = "id" in existing ? existing.id : null;
  const clash = await clashOf(ctx, input, selfId);
  if (clash.code === "VALIDATION_ERROR") throw clash;
  const attributes = await checkReferences(ctx, input, selfId);
  const hrName = input.translations.find((t) => t.language === "hr")?.name ?? input.sku;
  const media = await mediaRows(ctx, input, selfId, hrName);
  const now = new Date().toISOString();
  try {
    const id = await withTransaction(ctx, async (tx) => {
      let id: number;
      if ("id" in existing) {
        id = existing.id;
        if (!(await updateProductRow(tx.db, id, columnsOf(input, now)))) throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
      } else {
        id = await insertProductRow(tx.db, columnsOf(input, now), existing.stock);
      }
      await replaceProductChildren(tx.db, id, {
        translations: input.translations.map((t) => ({
          language_code: t.language,
          name: t.name,
          slug: t.slug,
          short_description: t.shortDescription,
          description: sanitizeStoredHtml(t.description),
        })),
        categoryIds: [...new Set(input.categoryIds)],
        crossSellIds: [...new Set(input.crossSellIds)],
        attributes,
        media,
        variantAttributeIds: [...new Set(input.variantAttributeIds)],
        bundleParts: input.bundleParts,
      });
      await setVariants(tx.db, id, [...new Set(input.variantIds)], now);
      await setProductClassificationCode(tx, id, input.classificationCode);
      return id;
    });
    ctx.afterCommit(() => ctx.onContentChange(productTags(id, ...input.variantIds)));
    return adminProduct(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw await clashOf(ctx, input, selfId);
    throw err;
  }
}

export function createProduct(ctx: RequestCtx, body: AdminProductCreateBody): Promise<AdminProduct> {
  const { stock, ...input } = body;
  return save(ctx, input, { stock });
}

export async function updateProduct(ctx: RequestCtx, id: number, input: AdminProductInput): Promise<AdminProduct> {
  if (!(await productRow(ctx.db, id))) throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
  return save(ctx, input, { id });
}

export async function changeStock(ctx: RequestCtx, id: number, body: AdminStockBody): Promise<{ stock: number | null }> {
  if ("delta" in body) {
    const outcome = await addStock(ctx.db, id, body.delta);
    if (outcome === "missing") throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
    if (outcome === "untracked") throw fieldError("delta", ADMIN_CATALOG_ERRORS.notStockKept);
    if (outcome === "short") throw fieldError("delta", ADMIN_CATALOG_ERRORS.stockShort);
  } else if (!(await setStockIf(ctx.db, id, body.set, body.expected))) {
    if (!(await productRow(ctx.db, id))) throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
    throw new AppError("CONFLICT", ADMIN_CATALOG_ERRORS.stockChanged);
  }
  const row = await productRow(ctx.db, id);
  ctx.afterCommit(() => ctx.onContentChange(productTags(id)));
  return { stock: row?.stock ?? null };
}

/** Order lines keep their product for the records: an ordered product is archived, never deleted. */
export async function deleteProduct(ctx: RequestCtx, id: number): Promise<AdminDeleteAnswer> {
  const outcome = await withTransaction(ctx, async (tx) => {
    const view = await editorView(tx.db, id);
    if (!view) throw new AppError("NOT_FOUND", ADMIN_CATALOG_ERRORS.notFound);
    if (view.ordered) {
      await archiveProductRow(tx.db, id, new Date().toISOString());
      return "archived" as const;
    }
    await deleteProductRow(tx.db, id);
    return "deleted" as const;
  });
  ctx.afterCommit(() => ctx.onContentChange(productTags(id)));
  return { outcome };
}
