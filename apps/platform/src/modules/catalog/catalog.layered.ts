import { type LayeredFilter, type LayeredFilterValue, type LayeredNavigationBody, type Locale, RANGE_FILTER_TYPES } from "@shop/contracts";
import { t } from "@shop/i18n";
import { sql } from "kysely";
import type { RequestCtx } from "../../http/context.ts";
import { type AttributeMeta, buildCriteria, finalCentsSql, loadAttributes } from "./catalog.filters.ts";
import { type ListQuery, matchingProducts } from "./catalog.repository.ts";

/**
 * layered/navigation: the filter panel for the current result. Each attribute's counts are taken
 * over the products matching all OTHER chosen filters (its own choice left out), so a visitor sees
 * how many products each alternative value would give. One product set per chosen attribute plus
 * one for the rest; each set costs at most three grouped queries.
 */

const PRICE = "price";

export async function layeredNavigation(ctx: RequestCtx, body: LayeredNavigationBody): Promise<LayeredFilter[]> {
  const now = new Date().toISOString();
  const [criteria, attributes] = await Promise.all([buildCriteria(ctx, body.filters, now), loadAttributes(ctx.db, ctx.locale, true)]);
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
  const valueLabels = await labelsOfValues(
    ctx,
    [...attributes.values()].filter((a) => !RANGE_FILTER_TYPES.includes(a.type) && a.type !== "YesNo"),
  );
  const out: LayeredFilter[] = [];
  for (const code of [...attributes.keys(), PRICE]) {
    const filter = results.get(code);
    if (!filter) continue;
    const attr = attributes.get(code);
    if (attr && !RANGE_FILTER_TYPES.includes(attr.type) && attr.type !== "YesNo") {
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
  const ids = () => matchingProducts(ctx.db, q, skip).select("p.id");
  const [choiceRows, rangeRows, priceRow] = await Promise.all([
    choice.length
      ? ctx.db
          .selectFrom("product_attribute_values as v")
          .select(["v.attribute_id", "v.value_id", "v.number_value", sql<number | string>`count(distinct v.product_id)`.as("n")])
          .where(
            "v.attribute_id",
            "in",
            choice.map((a) => a.id),
          )
          .where("v.product_id", "in", ids())
          .groupBy(["v.attribute_id", "v.value_id", "v.number_value"])
          .execute()
      : Promise.resolve([]),
    range.length
      ? ctx.db
          .selectFrom("product_attribute_values as v")
          .select([
            "v.attribute_id",
            sql<number | null>`min(v.number_value)`.as("minNumber"),
            sql<number | null>`max(v.number_value)`.as("maxNumber"),
            sql<string | null>`min(v.text_value)`.as("minText"),
            sql<string | null>`max(v.text_value)`.as("maxText"),
            sql<number | string>`count(distinct v.product_id)`.as("n"),
          ])
          .where(
            "v.attribute_id",
            "in",
            range.map((a) => a.id),
          )
          .where("v.product_id", "in", ids())
          .groupBy("v.attribute_id")
          .execute()
      : Promise.resolve([]),
    codes.includes(PRICE)
      ? matchingProducts(ctx.db, q, skip)
          .select([
            sql<number | string | null>`min(${finalCentsSql(q.now)})`.as("min"),
            sql<number | string | null>`max(${finalCentsSql(q.now)})`.as("max"),
            sql<number | string>`count(*)`.as("n"),
          ])
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const out = new Map<string, LayeredFilter>();
  const locale = ctx.locale as Locale;
  for (const a of choice) {
    const rows = choiceRows.filter((r) => r.attribute_id === a.id);
    const values: LayeredFilterValue[] =
      a.type === "YesNo"
        ? [1, 0].map((flag) => ({
            attributeID: flag,
            valueLabel: t(locale, flag ? "shopApi.filter.yes" : "shopApi.filter.no"),
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
      label: t(locale, "shopApi.filter.price"),
      type: "Number",
      values:
        n > 0
          ? [
              {
                attributeID: 0,
                valueLabel: t(locale, "shopApi.filter.price"),
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

/** Every value of the choice attributes with its label (request language, fallback hr), in position order. */
async function labelsOfValues(ctx: RequestCtx, attrs: AttributeMeta[]) {
  const out = new Map<number, { id: number; label: string; swatch: string | null }[]>();
  if (attrs.length === 0) return out;
  const rows = await ctx.db
    .selectFrom("attribute_values as v")
    .leftJoin("attribute_value_translations as t", (j) => j.onRef("t.value_id", "=", "v.id").on("t.language_code", "=", ctx.locale))
    .leftJoin("attribute_value_translations as f", (j) => j.onRef("f.value_id", "=", "v.id").on("f.language_code", "=", "hr"))
    .select(["v.id", "v.attribute_id", "v.swatch", "t.label as label", "f.label as fallback"])
    .where(
      "v.attribute_id",
      "in",
      attrs.map((a) => a.id),
    )
    .orderBy("v.position")
    .orderBy("v.id")
    .execute();
  for (const r of rows) {
    out.set(r.attribute_id, [...(out.get(r.attribute_id) ?? []), { id: r.id, label: r.label ?? r.fallback ?? "", swatch: r.swatch }]);
  }
  return out;
}
