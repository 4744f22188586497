import type { LayeredFilter } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import {
  canonicalSearch,
  completeRanges,
  offeredFilters,
  parseFilterValue,
  parseShopQuery,
  rangeBounds,
  shopQueryString,
  toProductFilters,
} from "./filter-query.ts";

const q = (search: string) => parseShopQuery(new URLSearchParams(search));

const price: LayeredFilter = {
  attributeCode: "price",
  label: "Cijena",
  type: "Number",
  values: [{ attributeID: 0, valueLabel: "", totalProducts: 9, minValue: 2.5, maxValue: 120 }],
};
const namjena: LayeredFilter = {
  attributeCode: "namjena",
  label: "Namjena",
  type: "MultiSelect",
  values: [
    { attributeID: 3, valueLabel: "Unutrašnjost", totalProducts: 4 },
    { attributeID: 7, valueLabel: "Felge", totalProducts: 2 },
  ],
};

describe("parseFilterValue (SPEC §5)", () => {
  it("keeps 'yes' and 'no' as text, any case", () => {
    expect(parseFilterValue(["yes"])).toBe("yes");
    expect(parseFilterValue(["NO"])).toBe("no");
  });

  it("reads other values as comma lists of numbers", () => {
    expect(parseFilterValue(["3,7,12"])).toEqual([3, 7, 12]);
    expect(parseFilterValue(["2.5,120"])).toEqual([2.5, 120]);
    expect(parseFilterValue(["-4"])).toEqual([-4]);
  });

  it("joins a repeated parameter (a form without JavaScript) into one list", () => {
    expect(parseFilterValue(["3", "7"])).toEqual([3, 7]);
    expect(parseFilterValue(["", "50"])).toEqual([null, 50]);
  });

  it("keeps ISO days, the ends of a date range", () => {
    expect(parseFilterValue(["2024-01-01,2024-06-30"])).toEqual(["2024-01-01", "2024-06-30"]);
    expect(parseFilterValue(["2024-1-1"])).toBeUndefined();
  });

  it("drops parts that are not numbers and answers nothing when none is left", () => {
    expect(parseFilterValue(["3,abc,7"])).toEqual([3, 7]);
    expect(parseFilterValue(["abc"])).toBeUndefined();
    expect(parseFilterValue([""])).toBeUndefined();
    expect(parseFilterValue(["", ""])).toBeUndefined();
    expect(parseFilterValue(["1e5"])).toBeUndefined();
  });
});

describe("parseShopQuery", () => {
  it("takes every attribute code as a filter, in code order, and the controls apart", () => {
    const query = q("volumen=2&namjena=3,7&sort=cheapest&perPage=24&page=3&featured=1");
    expect(query).toEqual({
      filters: [
        ["namjena", [3, 7]],
        ["volumen", [2]],
      ],
      sort: "cheapest",
      perPage: 24,
      page: 3,
      featured: true,
    });
  });

  it("never takes the shop's own criteria (archived, categories, id …) from the address", () => {
    expect(q("archived=1&categories=5&id=1,2&discount=1&tags=3&featured=1").filters).toEqual([]);
  });

  it("ignores names that are not attribute codes", () => {
    expect(q("Price=1,2&a-b=3&_x=4").filters).toEqual([]);
  });

  it("falls back to the defaults for unknown sorts, per-page counts and pages", () => {
    expect(q("sort=random&perPage=13&page=0")).toMatchObject({ sort: null, perPage: 12, page: 1, featured: false });
    expect(q("page=-2").page).toBe(1);
    expect(q("page=2.5").page).toBe(1);
    expect(q("featured=0").featured).toBe(false);
    expect(q("featured=false").featured).toBe(false);
    expect(q("featured").featured).toBe(true);
  });
});

describe("toProductFilters (SPEC §5)", () => {
  it("sends lists and yes/no as they are", () => {
    expect(toProductFilters(q("namjena=3,7&ekoloski=yes").filters)).toEqual([
      { key: "ekoloski", value: "yes" },
      { key: "namjena", value: [3, 7] },
    ]);
  });

  it("ignores a two-value filter with an empty end", () => {
    expect(toProductFilters(q("price=,50").filters)).toEqual([]);
    expect(toProductFilters(q("price=10,").filters)).toEqual([]);
    expect(toProductFilters(q("price=null,5").filters)).toEqual([]);
    expect(toProductFilters(q("price=10,50").filters)).toEqual([{ key: "price", value: [10, 50] }]);
  });

  it("ignores a 0–0 range", () => {
    expect(toProductFilters(q("price=0,0").filters)).toEqual([]);
  });

  it("drops empty parts of longer lists", () => {
    expect(toProductFilters(q("namjena=3,,7").filters)).toEqual([{ key: "namjena", value: [3, 7] }]);
  });
});

describe("shopQueryString", () => {
  it("writes filters as comma lists in code order and leaves defaults out", () => {
    const query = q("volumen=2&perPage=12&sort=newest&namjena=3&namjena=7&page=1");
    expect(shopQueryString(query)).toBe("namjena=3,7&volumen=2");
  });

  it("drops a range whose ends are both 0 and one with no ends", () => {
    expect(shopQueryString({ ...q(""), filters: [["price", [0, 0]]] })).toBe("");
    expect(shopQueryString({ ...q(""), filters: [["price", [null, null]]] })).toBe("");
  });

  it("writes the controls that differ from the defaults, the list's own default sort included", () => {
    expect(shopQueryString(q("featured=yes&sort=nameAsc&perPage=24&page=2"))).toBe("featured=1&sort=nameAsc&perPage=24&page=2");
    expect(shopQueryString(q("sort=lowPriority"), "lowPriority")).toBe("");
    expect(shopQueryString(q("sort=newest"), "lowPriority")).toBe("sort=newest");
  });

  it("is its own fixed point: parsing what it wrote gives the same string", () => {
    for (const search of ["namjena=7,3&price=,50&ekoloski=no&sort=cheapest", "volumen=1&page=4&perPage=24", "featured=1"]) {
      const once = shopQueryString(q(search));
      expect(shopQueryString(q(once))).toBe(once);
    }
  });
});

describe("completeRanges", () => {
  it("reads the bounds of a range filter", () => {
    expect(rangeBounds(price)).toEqual({ min: 2.5, max: 120 });
    expect(
      rangeBounds({ ...price, values: [{ attributeID: 0, valueLabel: "", totalProducts: 0, minValue: "10", maxValue: "20" }] }),
    ).toEqual({
      min: 10,
      max: 20,
    });
    expect(rangeBounds({ ...price, values: [] })).toBeNull();
  });

  it("fills an empty end with the filter's bound", () => {
    expect(completeRanges(q("price=,50"), [price]).filters).toEqual([["price", [2.5, 50]]]);
    expect(completeRanges(q("price=10,"), [price]).filters).toEqual([["price", [10, 120]]]);
  });

  it("swaps ends in the wrong order", () => {
    expect(completeRanges(q("price=50,10"), [price]).filters).toEqual([["price", [10, 50]]]);
  });

  it("leaves out a range that spans every value, and one that is not a pair", () => {
    expect(completeRanges(q("price=2.5,120"), [price]).filters).toEqual([]);
    expect(completeRanges(q("price=0,500"), [price]).filters).toEqual([]);
    expect(completeRanges(q("price=,"), [price]).filters).toEqual([]);
    expect(completeRanges(q("price=5"), [price]).filters).toEqual([]);
  });

  it("bounds date ranges by day", () => {
    const since: LayeredFilter = {
      attributeCode: "datum_dolaska",
      label: "U ponudi od",
      type: "Date",
      values: [{ attributeID: 6, valueLabel: "", totalProducts: 9, minValue: "2022-11-07", maxValue: "2024-10-01T08:00:00.000Z" }],
    };
    expect(rangeBounds(since)).toEqual({ min: "2022-11-07", max: "2024-10-01" });
    expect(completeRanges(q("datum_dolaska=2024-01-01,"), [since]).filters).toEqual([["datum_dolaska", ["2024-01-01", "2024-10-01"]]]);
    expect(completeRanges(q("datum_dolaska=2020-01-01,2025-01-01"), [since]).filters).toEqual([]);
    expect(completeRanges(q("datum_dolaska=5,9"), [since]).filters).toEqual([]);
    expect(toProductFilters(q("datum_dolaska=2024-01-01,2024-03-01").filters)).toEqual([
      { key: "datum_dolaska", value: ["2024-01-01", "2024-03-01"] },
    ]);
  });

  it("keeps choice filters and ranges with nothing to bound them as they are", () => {
    expect(completeRanges(q("namjena=3,7&price=5,9"), [namjena, { ...price, values: [] }]).filters).toEqual([
      ["namjena", [3, 7]],
      ["price", [5, 9]],
    ]);
  });
});

describe("canonicalSearch", () => {
  it("spells what a form without JavaScript sends the short way and keeps campaign ids", () => {
    const params = new URLSearchParams("namjena=7&namjena=3&price=&price=&ekoloski=&sort=newest&perPage=12&utm_source=mail&gclid=abc");
    expect(canonicalSearch(parseShopQuery(params), "newest", params)).toBe("namjena=7,3&utm_source=mail&gclid=abc");
  });

  it("answers the same string for its own output", () => {
    const params = new URLSearchParams("price=10,50&sort=cheapest&editPage=true");
    const once = canonicalSearch(parseShopQuery(params), "newest", params);
    const again = new URLSearchParams(once);
    expect(canonicalSearch(parseShopQuery(again), "newest", again)).toBe(once);
  });
});

describe("offeredFilters", () => {
  it("keeps only the filters on offer, each in its type's shape", () => {
    const ekoloski: LayeredFilter = { attributeCode: "ekoloski", label: "Ekološki", type: "YesNo", values: [] };
    const query = q("namjena=3,7&price=1,5&ekoloski=yes&gone=4&volumen=2");
    expect(offeredFilters(query, [namjena, price, ekoloski]).filters).toEqual([
      ["ekoloski", "yes"],
      ["namjena", [3, 7]],
      ["price", [1, 5]],
    ]);
    expect(offeredFilters(q("namjena=yes&price=1&ekoloski=1"), [namjena, price, ekoloski]).filters).toEqual([]);
    expect(offeredFilters(q("namjena=2.5"), [namjena]).filters).toEqual([]);
  });
});
