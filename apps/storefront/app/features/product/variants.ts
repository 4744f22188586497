import type { ConfigurableAttribute, ProductVariant } from "@shop/contracts";

/** The value id chosen per attribute code; null: nothing chosen yet. */
export type Selection = Record<string, number | null>;

const VALUE_ID = /^[1-9]\d{0,9}$/;

/** The variant whose attributes are exactly the chosen values, if every attribute has one. */
export function findVariant(attributes: ConfigurableAttribute[], variants: ProductVariant[], selection: Selection): ProductVariant | null {
  if (attributes.length === 0) return null;
  return (
    variants.find((v) =>
      attributes.every((a) => selection[a.attributeCode] !== null && v.attributes[a.attributeCode] === selection[a.attributeCode]),
    ) ?? null
  );
}

/**
 * Whether a value can be chosen with the others as they are. The first attribute offers every value
 * some variant has, so the visitor is never stuck on a combination (choosing it repairs the rest).
 */
export function isAvailable(
  attributes: ConfigurableAttribute[],
  variants: ProductVariant[],
  selection: Selection,
  code: string,
  valueId: number,
): boolean {
  const first = attributes[0]?.attributeCode === code;
  return variants.some(
    (v) =>
      v.attributes[code] === valueId &&
      (first ||
        attributes.every(
          (a) =>
            a.attributeCode === code || selection[a.attributeCode] === null || v.attributes[a.attributeCode] === selection[a.attributeCode],
        )),
  );
}

/**
 * Sets one attribute. When the others no longer make a variant, they move to the first variant with
 * the new value that keeps most of them, so a choice always lands on something that exists.
 */
export function choose(
  attributes: ConfigurableAttribute[],
  variants: ProductVariant[],
  selection: Selection,
  code: string,
  valueId: number | null,
): Selection {
  const next: Selection = { ...selection, [code]: valueId };
  if (valueId === null || findVariant(attributes, variants, next)) return next;
  return repair(attributes, variants, next, code);
}

function repair(attributes: ConfigurableAttribute[], variants: ProductVariant[], selection: Selection, keep: string): Selection {
  const keepValue = selection[keep];
  let best: ProductVariant | null = null;
  let bestScore = -1;
  for (const v of variants) {
    if (keepValue !== null && keepValue !== undefined && v.attributes[keep] !== keepValue) continue;
    const score = attributes.filter((a) => v.attributes[a.attributeCode] === selection[a.attributeCode]).length + (v.inStock ? 0.5 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  if (!best) return selection;
  const chosen = best;
  return Object.fromEntries(attributes.map((a) => [a.attributeCode, chosen.attributes[a.attributeCode] ?? null]));
}

/** The preselection: shopDefault values (SPEC §3), else nothing. */
export function defaultSelection(attributes: ConfigurableAttribute[]): Selection {
  return Object.fromEntries(attributes.map((a) => [a.attributeCode, a.values.find((v) => v.shopDefault)?.id ?? null]));
}

/**
 * The selection from query parameters named by attribute code (the selectors' no-JS GET form),
 * each checked against the attribute's values; missing or foreign values fall back to the default.
 * `prefix` names a bundle part's parameters.
 */
export function selectionFromQuery(
  attributes: ConfigurableAttribute[],
  variants: ProductVariant[],
  search: URLSearchParams,
  prefix = "",
): Selection {
  const selection = defaultSelection(attributes);
  let changed: string | null = null;
  for (const a of attributes) {
    const raw = search.get(`${prefix}${a.attributeCode}`) ?? "";
    if (!VALUE_ID.test(raw)) continue;
    const id = Number(raw);
    if (a.values.some((v) => v.id === id)) {
      selection[a.attributeCode] = id;
      changed ??= a.attributeCode;
    }
  }
  if (changed === null || findVariant(attributes, variants, selection)) return selection;
  return repair(attributes, variants, selection, changed);
}

/** Query parameter prefix of a bundle part's selectors (attribute codes never contain a dot). */
export const partPrefix = (partId: number) => `p${partId}.`;

/** The selection as query parameters, e.g. ?miris=3&volumen=7. */
export function selectionQuery(selection: Selection, prefix = ""): [string, string][] {
  return Object.entries(selection).flatMap(([code, id]) => (id === null ? [] : [[`${prefix}${code}`, String(id)]]));
}
