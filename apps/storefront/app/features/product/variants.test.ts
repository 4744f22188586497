import type { ConfigurableAttribute, ProductVariant } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { choose, defaultSelection, findVariant, isAvailable, selectionFromQuery } from "./variants.ts";

const value = (id: number, label: string, shopDefault = false) => ({ id, value: label, isMedia: false, swatch: null, shopDefault });
const ATTRS: ConfigurableAttribute[] = [
  {
    attributeCode: "miris",
    label: "Miris",
    inputType: "VisualSwatch",
    customClass: null,
    values: [value(1, "limun", true), value(2, "lavanda"), value(3, "neutralni")],
  },
  {
    attributeCode: "volumen",
    label: "Volumen",
    inputType: "TextSwatch",
    customClass: null,
    values: [value(10, "500 ml", true), value(11, "1 l")],
  },
];
const variant = (id: number, miris: number, volumen: number): ProductVariant => ({
  id,
  sku: `V${id}`,
  name: `V${id}`,
  media: [],
  stock: 5,
  inStock: true,
  attributes: { miris, volumen },
  basicPrice: 1,
  retailPrice: 1,
  finalPrice: 1,
  membershipPrice: null,
  discount: null,
  vatRate: 25,
  tax: 0.2,
  currency: "EUR",
});
// Lavender comes in 500 ml only.
const VARIANTS = [variant(100, 1, 10), variant(101, 1, 11), variant(102, 2, 10), variant(104, 3, 10), variant(105, 3, 11)];

describe("variant choice", () => {
  it("preselects the shop defaults and finds their variant", () => {
    const selection = defaultSelection(ATTRS);
    expect(selection).toEqual({ miris: 1, volumen: 10 });
    expect(findVariant(ATTRS, VARIANTS, selection)?.id).toBe(100);
  });

  it("finds no variant while an attribute is unchosen", () => {
    expect(findVariant(ATTRS, VARIANTS, { miris: 1, volumen: null })).toBeNull();
  });

  it("disables a value no variant has with the other choices, but never one of the first attribute", () => {
    expect(isAvailable(ATTRS, VARIANTS, { miris: 2, volumen: 10 }, "volumen", 11)).toBe(false);
    expect(isAvailable(ATTRS, VARIANTS, { miris: 1, volumen: 10 }, "volumen", 11)).toBe(true);
    expect(isAvailable(ATTRS, VARIANTS, { miris: 1, volumen: 11 }, "miris", 2)).toBe(true);
  });

  it("moves the other choices to an existing variant when a choice breaks the combination", () => {
    const next = choose(ATTRS, VARIANTS, { miris: 1, volumen: 11 }, "miris", 2);
    expect(next).toEqual({ miris: 2, volumen: 10 });
    expect(findVariant(ATTRS, VARIANTS, next)?.id).toBe(102);
  });

  it("reads the choice from the query, ignoring foreign and malformed values", () => {
    const read = (q: string) => selectionFromQuery(ATTRS, VARIANTS, new URLSearchParams(q));
    expect(read("miris=3&volumen=11")).toEqual({ miris: 3, volumen: 11 });
    expect(read("miris=999&volumen=abc")).toEqual({ miris: 1, volumen: 10 });
    // A combination that does not exist lands on one that does, keeping the first choice made.
    expect(read("miris=2&volumen=11")).toEqual({ miris: 2, volumen: 10 });
    expect(read("p7.miris=3")).toEqual({ miris: 1, volumen: 10 });
    expect(selectionFromQuery(ATTRS, VARIANTS, new URLSearchParams("p7.miris=3"), "p7.")).toEqual({ miris: 3, volumen: 10 });
  });
});
