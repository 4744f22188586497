import { type CartItemOptions, type Locale, V } from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError, type FieldRefusal, fieldError, fieldsError } from "../../http/app-error.ts";
import type { BundlePartRow, OptionInfo, ProductInfo } from "../catalog/index.ts";

/**
 * The cart's rules, free of storage so the checkout can apply them to the same lines: what may be
 * added (SPEC §4 Addability), how options are stored and compared, and stock. They read a snapshot
 * of the catalog loaded beforehand.
 */

/** i18n keys of the cart's own errors (messages/{hr,en,de}/cart-api.json); SPEC §8 keys as written. */
export const CART_ERRORS = {
  sessionInvalid: "cart.error.sessionInvalid",
  outOfStock: "cart.error.outOfStock",
  couponNotFound: "cart.error.couponNotFound",
  tooManyLines: "cart.error.tooManyLines",
  productNotFound: "cart.error.productNotFound",
  configurationNotSet: "core.notifications.configurationNotSet",
  itemNotInCart: "core.notifications.itemNotInCart",
  invalidQuantity: "error.invalidQuantity",
  idempotencyMismatch: "cart.error.idempotencyMismatch",
} as const;

/** The products, bundle parts and custom options a cart change or view needs. */
export interface CatalogSnapshot {
  products: Map<number, ProductInfo>;
  parts: Map<number, BundlePartRow[]>;
  options: OptionInfo[];
  optionsById: Map<number, OptionInfo>;
}

/** A cart line as the rules see it: product, quantity and its options. */
export interface LineInput {
  product_id: number;
  qty: number;
  options: CartItemOptions;
}

const EMPTY_OPTIONS: CartItemOptions = { customPriceOption: [], personalizations: {}, bundleOptions: [] };

/** Stored options back; anything unreadable is no options. */
export function parseStoredOptions(text: string): CartItemOptions {
  try {
    const o = JSON.parse(text) as Partial<CartItemOptions>;
    return {
      customPriceOption: Array.isArray(o.customPriceOption) ? o.customPriceOption : [],
      personalizations: o.personalizations && typeof o.personalizations === "object" ? o.personalizations : {},
      bundleOptions: Array.isArray(o.bundleOptions) ? o.bundleOptions : [],
    };
  } catch {
    return EMPTY_OPTIONS;
  }
}

/**
 * Stored form: filled options only, no titles (they are shown in the request language), stable order,
 * so the same product with the same options is recognised as the same line.
 */
export function canonicalOptions(o: CartItemOptions): string {
  const custom = (list: CartItemOptions["customPriceOption"]) =>
    [...list].sort((a, b) => a.optionId - b.optionId).map((c) => ({ optionId: c.optionId, customOptionValue: c.customOptionValue }));
  return JSON.stringify({
    customPriceOption: custom(o.customPriceOption),
    personalizations: Object.fromEntries(Object.entries(o.personalizations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    bundleOptions: [...o.bundleOptions]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({ id: b.id, selected: b.selected, options: custom(b.options) })),
  });
}

export const optionIdsOf = (o: CartItemOptions) =>
  [...o.customPriceOption, ...o.bundleOptions.flatMap((b) => b.options)].map((c) => c.optionId);
export const selectedIdsOf = (o: CartItemOptions) => o.bundleOptions.map((b) => b.selected);

/** Options as answered: titles of the custom options in the request language. */
export function withTitles(o: CartItemOptions, optionsById: ReadonlyMap<number, OptionInfo>): CartItemOptions {
  const titled = (list: CartItemOptions["customPriceOption"]) =>
    list.map((c) => ({ ...c, customOptionTitle: optionsById.get(c.optionId)?.title ?? c.customOptionTitle ?? "" }));
  return {
    customPriceOption: titled(o.customPriceOption),
    personalizations: o.personalizations,
    bundleOptions: o.bundleOptions.map((b) => ({ ...b, options: titled(b.options) })),
  };
}

/**
 * Checks filled-in custom options against the product's own (and its configurable parent's): known
 * ids, numbers for number options, max_length, required ones present. Empty values count as not filled.
 */
function checkCustomOptions(
  locale: Locale,
  given: CartItemOptions["customPriceOption"],
  allowed: readonly OptionInfo[],
  path: string,
  fields: FieldRefusal[],
): CartItemOptions["customPriceOption"] {
  const byId = new Map(allowed.map((o) => [o.id, o]));
  const seen = new Set<number>();
  const kept: CartItemOptions["customPriceOption"] = [];
  given.forEach((g, i) => {
    const option = byId.get(g.optionId);
    if (!option || seen.has(g.optionId)) {
      fields.push({ path: `${path}.${i}.optionId`, key: V.invalid });
      return;
    }
    seen.add(g.optionId);
    const value = g.customOptionValue;
    if (value === "") return;
    if (option.option_type === "number" && !/^-?\d+(?:[.,]\d+)?$/.test(value)) {
      fields.push({ path: `${path}.${i}.customOptionValue`, key: V.invalid });
    } else if (option.max_length !== null && [...value].length > option.max_length) {
      fields.push({ path: `${path}.${i}.customOptionValue`, key: V.maxLength, params: { length: option.max_length } });
    } else {
      kept.push({ optionId: g.optionId, customOptionValue: value });
    }
  });
  for (const option of allowed) {
    if (option.required === 1 && !kept.some((k) => k.optionId === option.id)) {
      // The option's own title says which one is missing.
      fields.push({ path, key: V.required, params: { optionId: option.id }, message: `${option.title}: ${t(locale, V.required)}` });
    }
  }
  return kept;
}

/**
 * SPEC §4 Addability on the server: simple, EProduct and variants directly; a configurable product
 * needs its options chosen; a bundle needs a real variant for every configurable part and no nested
 * bundle. Answers the options in stored form.
 */
export function checkAddable(locale: Locale, catalog: CatalogSnapshot, productId: number, given: CartItemOptions): CartItemOptions {
  const product = catalog.products.get(productId);
  if (!product || product.archived === 1) throw new AppError("NOT_FOUND", CART_ERRORS.productNotFound);
  const notSet = () => new AppError("VALIDATION_ERROR", CART_ERRORS.configurationNotSet);
  const optionsOf = (...ids: (number | null)[]) => catalog.options.filter((o) => ids.includes(o.product_id));
  const fields: FieldRefusal[] = [];
  let bundleOptions: CartItemOptions["bundleOptions"] = [];

  if (product.format === "configurable") throw notSet();
  if (product.format === "bundle") {
    const parts = catalog.parts.get(productId) ?? [];
    if (parts.length === 0) throw notSet();
    const configurable = new Set<number>();
    for (const part of parts) {
      const p = catalog.products.get(part.part_id);
      if (!p || p.archived === 1 || p.format === "bundle") throw notSet();
      if (p.format !== "configurable") continue;
      configurable.add(p.id);
      const entry = given.bundleOptions.find((b) => b.id === p.id);
      const variant = entry ? catalog.products.get(entry.selected) : undefined;
      if (!entry || !variant || variant.parent_id !== p.id || variant.archived === 1 || !["simple", "EProduct"].includes(variant.format)) {
        throw notSet();
      }
      const index = given.bundleOptions.indexOf(entry);
      const options = checkCustomOptions(
        locale,
        entry.options,
        optionsOf(p.id, variant.id),
        `options.bundleOptions.${index}.options`,
        fields,
      );
      bundleOptions.push({ id: p.id, selected: variant.id, options });
    }
    if (given.bundleOptions.some((b) => !configurable.has(b.id))) throw notSet();
    bundleOptions = bundleOptions.sort((a, b) => a.id - b.id);
  } else if (given.bundleOptions.length > 0) {
    throw notSet();
  }
  const customPriceOption = checkCustomOptions(
    locale,
    given.customPriceOption,
    optionsOf(product.id, product.parent_id),
    "options.customPriceOption",
    fields,
  );
  if (fields.length > 0) throw fieldsError(fields);
  return { customPriceOption, personalizations: given.personalizations, bundleOptions };
}

/** Units of each stock-kept product a line takes (a bundle's parts count as their products). */
export function unitsOf(catalog: CatalogSnapshot, line: LineInput): Map<number, number> {
  const units = new Map<number, number>([[line.product_id, line.qty]]);
  if (catalog.products.get(line.product_id)?.format === "bundle") {
    for (const part of catalog.parts.get(line.product_id) ?? []) {
      const isConfigurable = catalog.products.get(part.part_id)?.format === "configurable";
      const id = isConfigurable ? line.options.bundleOptions.find((b) => b.id === part.part_id)?.selected : part.part_id;
      if (id !== undefined) units.set(id, (units.get(id) ?? 0) + line.qty * part.qty);
    }
  }
  return units;
}

/**
 * Checked for the products a change touches, across every line of the cart: a product's stock is
 * never exceeded by adding or updating ('only N left').
 */
export function checkStock(catalog: CatalogSnapshot, lines: readonly LineInput[], changed: Omit<LineInput, "qty">): void {
  const demand = new Map<number, number>();
  for (const line of lines) for (const [id, n] of unitsOf(catalog, line)) demand.set(id, (demand.get(id) ?? 0) + n);
  for (const id of unitsOf(catalog, { ...changed, qty: 1 }).keys()) {
    const stock = catalog.products.get(id)?.stock ?? null;
    if (stock !== null && (demand.get(id) ?? 0) > stock) {
      throw fieldError("qty", CART_ERRORS.outOfStock, { available: Math.max(0, stock) });
    }
  }
}
