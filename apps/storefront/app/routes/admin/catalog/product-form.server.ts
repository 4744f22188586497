import {
  type AdminAttribute,
  type AdminProduct,
  type AdminProductCreateBody,
  LOCALES,
  type Locale,
  PRODUCT_FORMATS,
  V,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminProductCreateBody, VAT_RATES } from "@shop/contracts/schemas/admin-catalog.ts";
import type { Staff } from "../../../features/admin/admin.server.ts";
import { eurosText, parseEuros } from "../../../features/admin/euros.ts";
import { type FieldErrors, fieldErrors, formText, type Translate } from "../../../features/forms/form-values.ts";
import { parseWhole, renameFields, zagrebInstant, zagrebLocal } from "./catalog-forms.ts";

/** The product editor's fields as the form holds them: what the page shows, and what a refused post shows again. */
export interface ProductFormState {
  sku: string;
  format: string;
  texts: Record<Locale, { name: string; slug: string; short: string; description: string }>;
  retail: string;
  vatRate: string;
  membership: string;
  discount: string;
  discountFrom: string;
  discountTo: string;
  featured: boolean;
  archived: boolean;
  categoryPriority: string;
  categories: string[];
  crossSells: string;
  /** Per attribute id: the chosen value ids, or the one typed value. */
  attributes: Record<string, string[]>;
  /** Pictures the product has (by src) that stay, and library media chosen (by id). */
  keep: string[];
  media: string[];
  classificationCode: string;
  variants: string;
  variantAttributes: string[];
  bundleParts: string;
  stock: string;
}

const emptyTexts = () =>
  Object.fromEntries(LOCALES.map((l) => [l, { name: "", slug: "", short: "", description: "" }])) as ProductFormState["texts"];

export function emptyState(): ProductFormState {
  return {
    sku: "",
    format: "simple",
    texts: emptyTexts(),
    retail: "",
    vatRate: "25",
    membership: "",
    discount: "",
    discountFrom: "",
    discountTo: "",
    featured: false,
    archived: false,
    categoryPriority: "0",
    categories: [],
    crossSells: "",
    attributes: {},
    keep: [],
    media: [],
    classificationCode: "",
    variants: "",
    variantAttributes: [],
    bundleParts: "",
    stock: "",
  };
}

/** The editor's fields of a stored product; `skuOf` names the products it refers to (cross-sells, variants, parts). */
export function stateOf(p: AdminProduct, skuOf: (id: number) => string): ProductFormState {
  const texts = emptyTexts();
  for (const t of p.translations) texts[t.language] = { name: t.name, slug: t.slug, short: t.shortDescription, description: t.description };
  return {
    sku: p.sku,
    format: p.format,
    texts,
    retail: eurosText(p.retailCents),
    vatRate: String(p.vatRate),
    membership: eurosText(p.membershipCents),
    discount: eurosText(p.discount?.cents),
    discountFrom: zagrebLocal(p.discount?.from),
    discountTo: zagrebLocal(p.discount?.to),
    featured: p.featured,
    archived: p.archived,
    categoryPriority: String(p.categoryPriority),
    categories: p.categoryIds.map(String),
    crossSells: p.crossSellIds.map(skuOf).join(", "),
    attributes: Object.fromEntries(
      p.attributes.map((a) => [
        String(a.attributeId),
        a.valueIds?.map(String) ?? [a.number !== undefined ? String(a.number) : (a.text ?? "")],
      ]),
    ),
    keep: p.media.map((m) => m.src),
    media: [],
    classificationCode: p.classificationCode ?? "",
    variants: p.variantIds.map(skuOf).join(", "),
    variantAttributes: p.variantAttributeIds.map(String),
    bundleParts: p.bundleParts.map((b) => `${skuOf(b.productId)} ${b.qty}`).join("\n"),
    stock: p.stock === null ? "" : String(p.stock),
  };
}

const all = (form: FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");

export function stateFromForm(form: FormData, attributes: readonly AdminAttribute[]): ProductFormState {
  const texts = emptyTexts();
  for (const l of LOCALES) {
    texts[l] = {
      name: formText(form, `name.${l}`),
      slug: formText(form, `slug.${l}`),
      short: formText(form, `short.${l}`),
      description: formText(form, `description.${l}`),
    };
  }
  return {
    sku: formText(form, "sku"),
    format: formText(form, "format"),
    texts,
    retail: formText(form, "retail"),
    vatRate: formText(form, "vatRate"),
    membership: formText(form, "membership"),
    discount: formText(form, "discount"),
    discountFrom: formText(form, "discountFrom"),
    discountTo: formText(form, "discountTo"),
    featured: formText(form, "featured") === "1",
    archived: formText(form, "archived") === "1",
    categoryPriority: formText(form, "categoryPriority"),
    categories: all(form, "categories"),
    crossSells: formText(form, "crossSells"),
    attributes: Object.fromEntries(attributes.map((a) => [String(a.id), all(form, `attr.${a.id}`).filter((v) => v.trim() !== "")])),
    keep: all(form, "keep"),
    media: all(form, "media"),
    classificationCode: formText(form, "classificationCode"),
    variants: formText(form, "variants"),
    variantAttributes: all(form, "variantAttributes"),
    bundleParts: formText(form, "bundleParts"),
    stock: formText(form, "stock"),
  };
}

const skuList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Bundle parts, one a line: "SKU 2" or "SKU × 2" (no number: one). */
function partLines(text: string): { sku: string; qty: number | null }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+)(?:\s*[×x*]?\s*(\d{1,3}))?$/i.exec(line);
      return m ? { sku: m[1] ?? "", qty: m[2] ? Number(m[2]) : 1 } : { sku: line, qty: null };
    });
}

/** Product ids by their exact SKU, asked of the staff list (which searches SKUs); a SKU no product has is missing from the map. */
async function idsOfSkus(staff: Staff, skus: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  await Promise.all(
    [...new Set(skus)].map(async (sku) => {
      const list = await staff.platform.call(api.adminCatalog.productList, { body: { q: sku.slice(0, 100), page: 1, limit: 100 } });
      const hit = list.ok ? list.data.records.find((r) => r.sku.toLowerCase() === sku.toLowerCase()) : undefined;
      if (hit) found.set(sku, hit.id);
    }),
  );
  return found;
}

export interface Built {
  body: AdminProductCreateBody | null;
  errors: FieldErrors;
  /** The platform's paths (translations.1.slug, attributes.0.valueIds) as the form's field names. */
  rename: (path: string) => string;
}

/**
 * The contract's body from the form: euros into cents, Zagreb times into instants, SKUs into ids.
 * Every problem becomes an error at its field, in the staff's language; nothing is sent while any remains.
 */
export async function buildProduct(
  staff: Staff,
  state: ProductFormState,
  attributes: readonly AdminAttribute[],
  isNew: boolean,
  t: Translate,
): Promise<Built> {
  const errors: FieldErrors = {};
  const priceText = t("admin.catalog.error.price");
  const cents = (field: "retail" | "membership" | "discount") => {
    const value = parseEuros(state[field]);
    if (value === null) errors[field] = priceText;
    return value ?? null;
  };
  const retail = cents("retail");
  if (retail === null && !errors.retail) errors.retail = t(V.required);
  const membership = cents("membership");
  const discount = cents("discount");
  const instant = (field: "discountFrom" | "discountTo") => {
    const value = zagrebInstant(state[field]);
    if (value === null) errors[field] = t(V.invalid);
    return value ?? null;
  };
  const discountFrom = instant("discountFrom");
  const discountTo = instant("discountTo");
  const priority = parseWhole(state.categoryPriority);
  if (priority === null) errors.categoryPriority = t(V.invalid);
  const stock = parseWhole(state.stock);
  if (isNew && stock === null) errors.stock = t(V.invalid);

  const crossSkus = skuList(state.crossSells);
  const variantSkus = skuList(state.variants);
  const parts = partLines(state.bundleParts);
  const ids = await idsOfSkus(staff, [...crossSkus, ...variantSkus, ...parts.map((p) => p.sku)]);
  const idsOf = (skus: string[], field: string) => {
    const unknown = skus.filter((s) => !ids.has(s));
    if (unknown.length) errors[field] = t("admin.catalog.error.unknownSku", { skus: unknown.join(", ") });
    return skus.flatMap((s) => ids.get(s) ?? []);
  };
  const crossSellIds = idsOf(crossSkus, "crossSells");
  const variantIds = idsOf(variantSkus, "variants");
  if (parts.some((p) => p.qty === null)) errors.bundleParts = t("admin.catalog.error.bundleLine");
  idsOf(
    parts.map((p) => p.sku),
    "bundleParts",
  );

  const sentLanguages = LOCALES.filter((l) => l === "hr" || Object.values(state.texts[l]).some((v) => v.trim() !== ""));
  const sentAttributes: { attribute: AdminAttribute; value: AdminProductCreateBody["attributes"][number] }[] = [];
  for (const a of attributes) {
    const chosen = state.attributes[String(a.id)] ?? [];
    if (chosen.length === 0) continue;
    const field = `attr.${a.id}`;
    const first = chosen[0] ?? "";
    if (a.inputType === "Number" || a.inputType === "YesNo") {
      const number = Number(first.replace(",", "."));
      if (!Number.isFinite(number)) errors[field] = t(V.invalid);
      else sentAttributes.push({ attribute: a, value: { attributeId: a.id, number } });
    } else if (a.inputType === "Date") {
      sentAttributes.push({ attribute: a, value: { attributeId: a.id, text: first } });
    } else if (a.inputType === "DateTime") {
      const at = zagrebInstant(first);
      if (!at) errors[field] = t(V.invalid);
      else sentAttributes.push({ attribute: a, value: { attributeId: a.id, text: at } });
    } else {
      sentAttributes.push({ attribute: a, value: { attributeId: a.id, valueIds: chosen.map(Number) } });
    }
  }

  const rename = (path: string): string => {
    const [head, index, leaf] = path.split(".");
    const i = Number(index);
    switch (head) {
      case "translations": {
        const lang = sentLanguages[i] ?? "hr";
        const names: Record<string, string> = { shortDescription: "short", description: "description", slug: "slug" };
        return `${names[leaf ?? ""] ?? "name"}.${lang}`;
      }
      case "retailCents":
        return "retail";
      case "membershipCents":
        return "membership";
      case "discount":
        return index === "from" ? "discountFrom" : index === "to" ? "discountTo" : "discount";
      case "categoryIds":
        return "categories";
      case "crossSellIds":
        return "crossSells";
      case "variantIds":
        return "variants";
      case "variantAttributeIds":
        return "variantAttributes";
      case "attributes":
        return `attr.${sentAttributes[i]?.attribute.id ?? ""}`;
      case "images":
        return "images";
      default:
        return head ?? path;
    }
  };

  const kept = state.keep.map((src) => ({ src }));
  const chosen = state.media.map((id) => ({ mediaId: Number(id) }));
  const candidate = {
    sku: state.sku,
    format: PRODUCT_FORMATS.find((f) => f === state.format) ?? state.format,
    translations: sentLanguages.map((language) => ({
      language,
      name: state.texts[language].name,
      slug: state.texts[language].slug,
      shortDescription: state.texts[language].short,
      description: state.texts[language].description,
    })),
    retailCents: retail ?? 0,
    vatRate: VAT_RATES.find((r) => String(r) === state.vatRate) ?? Number(state.vatRate),
    membershipCents: membership,
    discount: discount === null ? null : { cents: discount, from: discountFrom, to: discountTo },
    featured: state.featured,
    archived: state.archived,
    categoryPriority: priority ?? 0,
    categoryIds: state.categories.map(Number),
    crossSellIds,
    attributes: sentAttributes.map((a) => a.value),
    images: [...kept, ...chosen],
    classificationCode: state.classificationCode.trim() || null,
    variantIds,
    variantAttributeIds: state.variantAttributes.map(Number),
    bundleParts: parts.flatMap((p) => {
      const productId = ids.get(p.sku);
      return p.qty === null || productId === undefined ? [] : [{ productId, qty: p.qty }];
    }),
    stock: stock ?? null,
  };
  const parsed = adminProductCreateBody.safeParse(candidate);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(renameFields(fieldErrors(parsed.error.issues, t), rename))) errors[field] ??= message;
  }
  return { body: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors, rename };
}
