import { type LayeredFilter, type LayeredFilterValue, type LayeredNavigationBody, RANGE_FILTER_TYPES } from "@shop/contracts";
import { t } from "@shop/i18n";
import type { RequestCtx } from "../../http/context.ts";
import { attributeValueLabels, choiceCounts, priceBounds, rangeBounds } from "./layered-navigation.repository.ts";
import { buildCriteria } from "./product-filters.service.ts";
import { type AttributeMeta, type ListQuery, loadAttributes } from "./product-list.repository.ts";

/**
 * layered/navigation: the filter panel for the current result. Each attribute's counts are taken
 * over the products matching all OTHER chosen filters (its own choice left out), so a visitor sees
 * how many products each alternative value would give. One product set per chosen attribute plus
 * one for the rest; each set costs at most three grouped queries.
 */

const PRICE = "price";

const isChoice = (a: AttributeMeta) => !RANGE_FILTER_TYPES.includes(a.type) && a.type !== "YesNo";

export async function layeredNavigation(ctx: RequestCtx, body: LayeredNavigationBody): Promise<LayeredFilter[]> {
  const now = new Date().toISOString();
  const [criteria, attributes] = await Promise.all([buildCriteria(ctx, body.filters), loadAttributes(ctx.db, ctx.locale, true)]);
  const q: ListQuery = { criteria, locale: ctx.locale, now };
  const chosen = new Map<string, unknown>();
  for (const f of body.filters) chosen.set(f.key, f.value);
  const chosenKeys = new Set(criteria.map((c) => c.key));

  // Group the attributes (and price) by which product set their counts come from.
  const groups = new Map<string | undefined, string[]>();
  for (const code of [...attributes.keys(), PRICE]) {
    const skip = chosenKeys.has(code) ? code : undefined;
    groups.set(skip, [...(groups.get(skip) ?? []), code]);
  }
  const results = new Map<string, LayeredFilter | null>();
  await Promise.all(
    [...groups.entries()].map(async ([skip, codes]) => {
      const counted = await countsFor(ctx, q, skip, codes, attributes);
      for (const [code, filter] of counted) results.set(code, filter);
    }),
  );
  const valueLabels = await labelsOfValues(ctx, [...attributes.values()].filter(isChoice));
  const out: LayeredFilter[] = [];
  for (const code of [...attributes.keys(), PRICE]) {
    const filter = results.get(code);
    if (!filter) continue;
    const attr = attributes.get(code);
    if (attr && isChoice(attr)) {
      const picked = new Set(toNumbers(chosen.get(code)));
      const counts = new Map(filter.values.map((v) => [v.attributeID, v.totalProducts]));
      filter.values = (valueLabels.get(attr.id) ?? [])
        .filter((v) => (counts.get(v.id) ?? 0) > 0 || picked.has(v.id))
        .map((v) => ({ attributeID: v.id, valueLabel: v.label, totalProducts: counts.get(v.id) ?? 0, swatch: v.swatch }));
    }
    if (filter.values.some((v) => v.totalProducts > 0) || chosen.has(code)) out.push(filter);
  }
  return out;
}

function toNumbers(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map(Number).filter((n) => Number.isSafeInteger(n));
}

async function countsFor(
  ctx: RequestCtx,
  q: ListQuery,
  skip: string | undefined,
  codes: string[],
  attributes: Map<string, AttributeMeta>,
): Promise<Map<string, LayeredFilter>> {
  const metas = codes.flatMap((c) => (attributes.has(c) ? [attributes.get(c) as AttributeMeta] : []));
  const choice = metas.filter((a) => !RANGE_FILTER_TYPES.includes(a.type));
  const range = metas.filter((a) => RANGE_FILTER_TYPES.includes(a.type));
  const [choiceRows, rangeRows, priceRow] = await Promise.all([
    choiceCounts(
      ctx.db,
      q,
      skip,
      choice.map((a) => a.id),
    ),
    rangeBounds(
      ctx.db,
      q,
      skip,
      range.map((a) => a.id),
    ),
    codes.includes(PRICE) ? priceBounds(ctx.db, q, skip) : Promise.resolve(undefined),
  ]);
  const out = new Map<string, LayeredFilter>();
  for (const a of choice) {
    const rows = choiceRows.filter((r) => r.attribute_id === a.id);
    const values: LayeredFilterValue[] =
      a.type === "YesNo"
        ? [1, 0].map((flag) => ({
            attributeID: flag,
            valueLabel: t(ctx.locale, flag ? "shopApi.filter.yes" : "shopApi.filter.no"),
            totalProducts: rows.filter((r) => Number(r.number_value) === flag).reduce((s, r) => s + Number(r.n), 0),
          }))
        : rows.map((r) => ({ attributeID: r.value_id as number, valueLabel: "", totalProducts: Number(r.n) }));
    out.set(a.code, { attributeCode: a.code, label: a.label, type: a.type, values });
  }
  for (const a of range) {
    const r = rangeRows.find((x) => x.attribute_id === a.id);
    const numeric = a.type === "Number";
    const values: LayeredFilterValue[] = r
      ? [
          {
            attributeID: a.id,
            valueLabel: a.label,
            totalProducts: Number(r.n),
            minValue: (numeric ? Number(r.minNumber) : r.minText) ?? undefined,
            maxValue: (numeric ? Number(r.maxNumber) : r.maxText) ?? undefined,
          },
        ]
      : [];
    out.set(a.code, { attributeCode: a.code, label: a.label, type: a.type, values });
  }
  if (priceRow) {
    const n = Number(priceRow.n);
    out.set(PRICE, {
      attributeCode: PRICE,
      label: t(ctx.locale, "shopApi.filter.price"),
      type: "Number",
      values:
        n > 0
          ? [
              {
                attributeID: 0,
                valueLabel: t(ctx.locale, "shopApi.filter.price"),
                totalProducts: n,
                minValue: Number(priceRow.min) / 100,
                maxValue: Number(priceRow.max) / 100,
              },
            ]
          : [],
    });
  }
  return out;
}

/** Every value of the choice attributes with its label, by attribute, in position order. */
async function labelsOfValues(ctx: RequestCtx, attrs: AttributeMeta[]) {
  const out = new Map<number, { id: number; label: string; swatch: string | null }[]>();
  const rows = await attributeValueLabels(
    ctx.db,
    attrs.map((a) => a.id),
    ctx.locale,
  );
  for (const r of rows) {
    out.set(r.attribute_id, [...(out.get(r.attribute_id) ?? []), { id: r.id, label: r.label ?? r.fallback ?? "", swatch: r.swatch }]);
  }
  return out;
}
