import type { CategoryView, CheckBundlesAnswer, LayeredFilter, ProductCard, ProductDetail, ProductList, TagView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertCategory, insertProduct, seedDemoCatalog } from "./catalog.fixtures.ts";

let p: TestPlatform;
/** Ids looked up from the demo catalog by hr slug. */
const ids: Record<string, number> = {};
const categories: Record<string, number> = {};
const values: Record<string, number> = {};
let tagEco = 0;

beforeAll(async () => {
  p = await createTestPlatform();
  const customer = await p.createUser();
  await seedDemoCatalog(p.db, customer.id);
  const products = await p.db.selectFrom("product_translations").select(["product_id", "slug"]).where("language_code", "=", "hr").execute();
  for (const r of products) ids[r.slug] = r.product_id;
  const cats = await p.db
    .selectFrom("product_category_translations")
    .select(["category_id", "slug"])
    .where("language_code", "=", "hr")
    .execute();
  for (const c of cats) categories[c.slug] = c.category_id;
  const vals = await p.db
    .selectFrom("attribute_value_translations as t")
    .innerJoin("attribute_values as v", "v.id", "t.value_id")
    .innerJoin("attributes as a", "a.id", "v.attribute_id")
    .select(["a.code", "t.label", "v.id"])
    .where("t.language_code", "=", "hr")
    .execute();
  for (const v of vals) values[`${v.code}:${v.label}`] = v.id;
  tagEco = (await p.db.selectFrom("product_tag_translations").select("tag_id").where("slug", "=", "ekoloski").executeTakeFirstOrThrow())
    .tag_id;
});
afterAll(() => p.close());

const get = (query: string, language?: string) => p.call<ProductDetail>("GET", `/api/v1/product/web/get?${query}`, { language });
const filter = (body: unknown, language?: string) => p.call<ProductList>("POST", "/api/v1/product/web/filter", { body, language });
const layered = (filters: unknown) => p.call<LayeredFilter[]>("POST", "/api/v1/product/layered/navigation", { body: { filters } });
const slugsOf = (list: ProductList) => list.records.map((r) => r.slug);
const care = () => ({ key: "categories", value: [categories["njega-vozila"]] });

describe("GET web/get", () => {
  it("finds a product by its slug in every language and by id, answering in the request language", async () => {
    const hr = await get("slug=auto-sampon");
    expect(hr.status).toBe(200);
    expect(hr.body.data).toMatchObject({ id: ids["auto-sampon"], name: "Auto šampon", format: "configurable", archived: false });
    expect(hr.body.data.translations).toEqual({ hr: "auto-sampon", en: "car-shampoo", de: "autoshampoo" });
    const en = await get("slug=car-shampoo", "en");
    expect(en.body.data).toMatchObject({ id: ids["auto-sampon"], name: "Car shampoo", slug: "car-shampoo" });
    // A slug of another language still finds the product; the answer is in the request language.
    const de = await get("slug=car-shampoo", "de");
    expect(de.body.data).toMatchObject({ name: "Autoshampoo", slug: "autoshampoo" });
    const byId = await get(`id=${ids["auto-sampon"]}`, "en");
    expect(byId.body.data.slug).toBe("car-shampoo");
    expect(byId.body.data.categories).toEqual([{ id: categories["njega-vozila"], name: "Car care", slug: "car-care" }]);
    expect(byId.body.data.rating).toEqual({ average: 5, count: 1 });
  });

  it("answers 404 for unknown products and for variant slugs, but finds variants by id", async () => {
    const unknown = await get("slug=nema-ga");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.payload.message).toBe("Proizvod nije pronađen.");
    expect((await get("id=999999")).status).toBe(404);
    expect((await get("slug=auto-sampon-limun-500-ml")).status).toBe(404);
    const variantId = ids["auto-sampon-limun-500-ml"] as number;
    const variant = await get(`id=${variantId}`);
    expect(variant.status).toBe(200);
    expect(variant.body.data).toMatchObject({ isVisibleIndividually: false, mainProductSlug: "auto-sampon", stock: 24 });
  });

  it("still finds an archived product, flagged archived and not addable", async () => {
    const res = await get("slug=sampon-s-voskom");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ archived: true, directlyAddable: false, inStock: false });
  });

  it("answers a configurable product with its variants and selector attributes", async () => {
    const { data } = (await get("slug=auto-sampon")).body;
    expect(data.associatedProducts).toHaveLength(6);
    expect(data.directlyAddable).toBe(false);
    expect(data.associatedProductsAttributes.map((a) => [a.attributeCode, a.inputType])).toEqual([
      ["miris", "VisualSwatch"],
      ["volumen", "TextSwatch"],
    ]);
    const scent = data.associatedProductsAttributes[0];
    expect(scent?.values.map((v) => [v.value, v.shopDefault, v.swatch])).toEqual([
      ["Limun", true, "#fdd835"],
      ["Lavanda", false, "#9575cd"],
      ["Neutralni", false, "#cfd8dc"],
    ]);
    const lavender1l = data.associatedProducts.find(
      (v) => v.attributes.miris === values["miris:Lavanda"] && v.attributes.volumen === values["volumen:1 l"],
    );
    expect(lavender1l).toMatchObject({ stock: 0, inStock: false, finalPrice: 14.9 });
    expect(data.attributeSet.attributes).toEqual(
      expect.arrayContaining([
        { attributeCode: "brand", label: "Marka", value: { value: values["brand:AquaSjaj"], label: "AquaSjaj" } },
        { attributeCode: "ekoloski", label: "Ekološki", value: { value: 1, label: "Da" } },
      ]),
    );
    // Cross-sells leave the archived product out.
    expect(data.crossSellProducts.map((c) => c.slug)).toEqual(["rukavica-za-pranje", "mikrofiber-krpa", "tvrdi-vosak"]);
  });

  it("answers bundles with their parts, a configurable part with its variants", async () => {
    const kit = (await get("slug=paket-njege")).body.data;
    expect(kit.format).toBe("bundle");
    expect(kit.directlyAddable).toBe(false);
    expect(kit.bundles.map((b) => [b.product.slug, b.qty])).toEqual([
      ["auto-sampon", 1],
      ["rukavica-za-pranje", 1],
      ["tvrdi-vosak", 1],
      ["sredstvo-za-stakla", 1],
    ]);
    expect(kit.bundles[0]?.product.associatedProducts).toHaveLength(6);
    expect(kit.bundles[1]?.product.associatedProducts).toEqual([]);
    const interior = (await get("slug=paket-za-interijer")).body.data;
    expect(interior.directlyAddable).toBe(true);
    expect(interior.bundles.find((b) => b.product.slug === "spuzva-za-pranje")?.qty).toBe(2);

    const check = await p.call<CheckBundlesAnswer>("GET", `/api/v1/product/checkBundles?productId=${ids["paket-njege"]}`);
    expect(check.body.data).toEqual({ bundles: [], needsConfiguration: true });
    const part = await p.call<CheckBundlesAnswer>("GET", `/api/v1/product/checkBundles?productId=${ids["auto-sampon"]}`);
    expect(part.body.data).toEqual({
      bundles: [{ id: ids["paket-njege"], name: "Paket njege", slug: "paket-njege" }],
      needsConfiguration: false,
    });
    expect((await p.call("GET", "/api/v1/product/checkBundles?productId=999999")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/product/checkBundles?productId=abc")).status).toBe(400);
  });

  it("answers custom options in the request language", async () => {
    const voucher = (await get("slug=poklon-bon-50", "en")).body.data;
    expect(voucher).toMatchObject({ format: "EProduct", stock: null, inStock: true, directlyAddable: true, finalPrice: 50 });
    expect(voucher.customOptions).toEqual([
      {
        id: expect.any(Number),
        option_type: "text",
        title: "Personal message",
        required: false,
        price: 0,
        maxLength: 200,
        custom_option_values: [],
      },
    ]);
    const wax = (await get("slug=tvrdi-vosak")).body.data;
    expect(wax.customOptions.map((o) => [o.option_type, o.title, o.price])).toEqual([["number", "Dodatni aplikatori (kom)", 0.9]]);
  });

  it("computes the prices of SPEC §3 and §9: discount percent rounded, membership price, VAT", async () => {
    const day = 86_400_000;
    const past = new Date(Date.now() - day).toISOString();
    const future = new Date(Date.now() + day).toISOString();
    const third = await insertProduct(p.db, {
      sku: "T-THIRD",
      name: "Trećina",
      slug: "trecina",
      retailCents: 999,
      discountCents: 666,
      membershipCents: 600,
    });
    const up = await insertProduct(p.db, {
      sku: "T-UP",
      name: "Gore",
      slug: "gore",
      retailCents: 300,
      discountCents: 199,
      discountTo: future,
    });
    const over = await insertProduct(p.db, {
      sku: "T-OVER",
      name: "Istekao",
      slug: "istekao",
      retailCents: 1000,
      discountCents: 500,
      discountTo: past,
    });
    const later = await insertProduct(p.db, {
      sku: "T-LATER",
      name: "Kasnije",
      slug: "kasnije",
      retailCents: 1000,
      discountCents: 500,
      discountFrom: future,
    });
    const reduced = await insertProduct(p.db, {
      sku: "T-VAT13",
      name: "Snižen PDV",
      slug: "snizen-pdv",
      retailCents: 1130,
      vatRate: 13,
      membershipCents: 1200,
    });
    const a = (await get(`id=${third}`)).body.data;
    expect(a).toMatchObject({
      retailPrice: 9.99,
      finalPrice: 6.66,
      membershipPrice: 6,
      basicPrice: 5.33,
      tax: 1.33,
      vatRate: 25,
      currency: "EUR",
    });
    expect(a.discount).toEqual({ retailPrice: 9.99, finalPrice: 6.66, percent: 33, validTo: null });
    expect((await get(`id=${up}`)).body.data.discount).toMatchObject({ percent: 34, validTo: future });
    for (const id of [over, later]) expect((await get(`id=${id}`)).body.data).toMatchObject({ discount: null, finalPrice: 10 });
    // A membership price above the final price gives no better price.
    expect((await get(`id=${reduced}`)).body.data).toMatchObject({ finalPrice: 11.3, basicPrice: 10, tax: 1.3, membershipPrice: null });

    const list = await filter({
      filters: [
        { key: "id", value: [third, up, over, later] },
        { key: "discount", value: true },
      ],
    });
    expect(list.body.data.records.map((r) => r.id).sort()).toEqual([third, up].sort());
    const cheap = await filter({
      filters: [
        { key: "id", value: [third, up, over, later] },
        { key: "price", value: [null, 7] },
      ],
    });
    expect(cheap.body.data.records.map((r) => r.id).sort()).toEqual([third, up].sort());
    await p.db.deleteFrom("products").where("id", "in", [third, up, over, later, reduced]).execute();
  });
});

describe("POST web/filter", () => {
  it("lists only visible products, with card fields, paged", async () => {
    const res = await filter({ filters: [care(), { key: "archived", value: false }], limit: 4, page: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 2, perPage: 4, limit: 4, total: 11, lastPage: 3, totalPages: 3, totalRecords: 11 });
    expect(res.body.data.records).toHaveLength(4);
    const card = res.body.data.records[0] as ProductCard;
    expect(Object.keys(card)).toEqual(expect.arrayContaining(["id", "name", "slug", "media", "finalPrice", "directlyAddable", "rating"]));
    expect(card.media[0]?.src).toMatch(/^\/media\//);
    const beyond = await filter({ filters: [care(), { key: "archived", value: false }], limit: 4, page: 9 });
    expect(beyond.body.data.records).toEqual([]);
    expect(beyond.body.data.pagination.total).toBe(11);
    const all = await filter({ limit: 100 });
    expect(all.body.data.records.every((r) => r.isVisibleIndividually)).toBe(true);
    expect(all.body.data.pagination.total).toBe(25);
  });

  it("sorts newest first by default, by a category's default, and by every sort param", async () => {
    const newest = await filter({ filters: [care()], limit: 100 });
    const list = newest.body.data.records.map((r) => r.id);
    expect(list).toEqual([...list].sort((a, b) => b - a));
    const vouchers = await filter({
      filters: [{ key: "categories", value: [categories["poklon-bonovi"]] }],
      mainCategory: categories["poklon-bonovi"],
    });
    expect(slugsOf(vouchers.body.data)).toEqual(["poklon-bon-20", "poklon-bon-50", "poklon-bon-100"]);

    for (const order of ["asc", "desc"] as const) {
      const res = await filter({ filters: [care()], sort: { param: "finalPrice", order }, limit: 100 });
      const prices = res.body.data.records.map((r) => r.finalPrice);
      expect(prices).toEqual([...prices].sort((a, b) => (order === "asc" ? a - b : b - a)));
    }
    // The running discount counts: the glass cleaner (7.50, now 5.99) sorts below the spray at 6.90.
    const asc = slugsOf((await filter({ filters: [care()], sort: { param: "finalPrice", order: "asc" }, limit: 4 })).body.data);
    expect(asc).toEqual(["osvjezivac-zraka", "spuzva-za-pranje", "sredstvo-za-stakla", "sampon-s-voskom"]);

    const byName = await filter({ filters: [care()], sort: { param: "name", order: "asc" }, limit: 100 }, "en");
    const names = byName.body.data.records.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const priority = await filter({ filters: [care()], sort: { param: "categoryPriority", order: "desc" }, limit: 2 });
    expect(slugsOf(priority.body.data)).toEqual(["auto-sampon", "tvrdi-vosak"]);
    const featured = await filter({ sort: { param: "featured", order: "desc" }, limit: 6 });
    expect(featured.body.data.records.map((r) => r.featured)).toEqual([true, true, true, true, true, true]);
  });

  it("filters by id, featured, archived, discount, tags and categories including descendants", async () => {
    const byId = await filter({
      filters: [{ key: "id", value: [ids["tvrdi-vosak"], ids["cistac-felgi"], ids["auto-sampon-limun-500-ml"]] }],
    });
    expect(slugsOf(byId.body.data).sort()).toEqual(["cistac-felgi", "tvrdi-vosak"]);
    const featured = await filter({ filters: [{ key: "featured", value: true }], limit: 100 });
    expect(slugsOf(featured.body.data).sort()).toEqual(
      ["auto-sampon", "cistac-felgi", "kompletna-njega", "paket-njege", "poklon-bon-50", "tvrdi-vosak"].sort(),
    );
    const archived = await filter({ filters: [{ key: "archived", value: true }] });
    expect(slugsOf(archived.body.data)).toEqual(["sampon-s-voskom"]);
    const discount = await filter({ filters: [{ key: "discount", value: true }] });
    expect(slugsOf(discount.body.data).sort()).toEqual(["paket-njege", "rukavica-za-pranje", "sredstvo-za-stakla"]);
    const eco = await filter({ filters: [{ key: "tags", value: [tagEco] }] });
    expect(slugsOf(eco.body.data).sort()).toEqual(["auto-sampon", "cistac-interijera", "sredstvo-za-stakla", "tvrdi-vosak"]);

    const parent = await insertCategory(p.db, { slug: "test-roditelj", name: "Roditelj" });
    const child = await insertCategory(p.db, { slug: "test-dijete", name: "Dijete", parentId: parent });
    const inChild = await insertProduct(p.db, {
      sku: "T-CHILD",
      name: "U djetetu",
      slug: "u-djetetu",
      retailCents: 100,
      categoryIds: [child],
    });
    const res = await filter({ filters: [{ key: "categories", value: [parent] }] });
    expect(res.body.data.records.map((r) => r.id)).toEqual([inChild]);
    const view = await p.call<CategoryView>("GET", `/api/v1/product/web/category/get/${parent}`);
    expect(view.body.data.productCount).toBe(1);
    await p.db.deleteFrom("products").where("id", "=", inChild).execute();
    await p.db.deleteFrom("product_categories").where("id", "in", [child, parent]).execute();
  });

  it("filters by attributes of every type: values OR within one attribute, AND across, ranges with open ends", async () => {
    const brands = await filter({ filters: [{ key: "brand", value: [values["brand:Koi Detail"]] }] });
    expect(slugsOf(brands.body.data).sort()).toEqual(["rukavica-za-pranje", "sjaj-za-gume", "tvrdi-vosak"]);
    const purposes = await filter({
      filters: [{ key: "namjena", value: [values["namjena:Felge i gume"], values["namjena:Stakla"]] }],
      limit: 100,
    });
    expect(slugsOf(purposes.body.data).sort()).toEqual([
      "cetka-za-felge",
      "cistac-felgi",
      "mikrofiber-krpa",
      "sjaj-za-gume",
      "sredstvo-za-stakla",
    ]);
    const both = await filter({
      filters: [
        { key: "namjena", value: [values["namjena:Felge i gume"], values["namjena:Stakla"]] },
        { key: "brand", value: [values["brand:ProClean"]] },
      ],
    });
    expect(slugsOf(both.body.data).sort()).toEqual(["cetka-za-felge", "cistac-felgi", "mikrofiber-krpa"]);
    const scent = await filter({ filters: [{ key: "miris", value: [values["miris:Lavanda"]] }] });
    expect(slugsOf(scent.body.data)).toEqual(["auto-sampon"]);
    const eco = await filter({ filters: [care(), { key: "ekoloski", value: "yes" }, { key: "archived", value: false }], limit: 100 });
    expect(slugsOf(eco.body.data).sort()).toEqual(["auto-sampon", "cistac-interijera", "sredstvo-za-stakla", "tvrdi-vosak"]);
    const notEco = await filter({ filters: [care(), { key: "ekoloski", value: "no" }, { key: "archived", value: false }], limit: 100 });
    expect(notEco.body.data.pagination.total).toBe(7);
    const big = await filter({ filters: [{ key: "zapremina_ml", value: [600, null] }] });
    expect(slugsOf(big.body.data).sort()).toEqual(["auto-sampon", "cistac-felgi"]);
    const small = await filter({ filters: [{ key: "zapremina_ml", value: [null, 250] }] });
    expect(slugsOf(small.body.data)).toEqual(["tvrdi-vosak"]);
    const since = await filter({ filters: [{ key: "datum_dolaska", value: ["2024-05-01", "2024-09-02"] }] });
    expect(slugsOf(since.body.data).sort()).toEqual(["auto-sampon", "cistac-interijera", "tvrdi-vosak"]);
    const restocked = await filter({ filters: [{ key: "zadnja_nabava", value: ["2025-01-14", "2025-01-14"] }] });
    expect(slugsOf(restocked.body.data)).toEqual(["mikrofiber-krpa"]);
    const price = await filter({ filters: [{ key: "price", value: [20, 30] }], limit: 100 });
    expect(price.body.data.records.every((r) => r.finalPrice >= 20 && r.finalPrice <= 30)).toBe(true);
    expect(slugsOf(price.body.data).sort()).toEqual(["kompletna-njega", "poklon-bon-20", "pranje-motora", "tvrdi-vosak"]);
  });

  it("matches keywords case- and diacritic-insensitively in the request language", async () => {
    const plain = await filter({ keywords: "sampon" });
    expect(slugsOf(plain.body.data)).toEqual(expect.arrayContaining(["auto-sampon", "sampon-s-voskom"]));
    const upper = await filter({ keywords: "ŠAMPON", filters: [{ key: "archived", value: false }] });
    expect(slugsOf(upper.body.data).sort()).toEqual(["auto-sampon", "paket-njege"]);
    const felge = await filter({ keywords: "cistac felgi" });
    expect(slugsOf(felge.body.data)).toEqual(["cistac-felgi"]);
    const diacritics = await filter({ keywords: "čistač FELGI" });
    expect(slugsOf(diacritics.body.data)).toEqual(["cistac-felgi"]);
    const en = await filter({ keywords: "shampoo", filters: [{ key: "archived", value: false }] }, "en");
    expect(slugsOf(en.body.data).sort()).toEqual(["car-shampoo", "care-kit"]);
    const de = await filter({ keywords: "felgenburste" }, "de");
    expect(slugsOf(de.body.data)).toEqual(["felgenbuerste"]);
    const sku = await filter({ keywords: "bon-100" });
    expect(slugsOf(sku.body.data)).toEqual(["poklon-bon-100"]);
    const wildcard = await filter({ keywords: "%" });
    expect(wildcard.body.data.records).toEqual([]);
  });

  it("refuses bad input with 400 and translated field errors, never a 500", async () => {
    const cases: [unknown, string][] = [
      [{ sort: { param: "price", order: "asc" } }, "sort.param"],
      [{ sort: { param: "id", order: "up" } }, "sort.order"],
      [{ limit: 0 }, "limit"],
      [{ limit: 1000 }, "limit"],
      [{ page: 0 }, "page"],
      [{ filters: [{ key: "boja", value: [1] }] }, "filters.0.key"],
      [{ filters: [care(), { key: "categories", value: ["abc"] }] }, "filters.1.value"],
      [{ filters: [{ key: "featured", value: "maybe" }] }, "filters.0.value"],
      [{ filters: [{ key: "zapremina_ml", value: [1, 2, 3] }] }, "filters.0.value"],
      [{ filters: [{ key: "datum_dolaska", value: ["jučer", null] }] }, "filters.0.value"],
      [{ filters: [{ key: "price", value: "cheap" }] }, "filters.0.value"],
      [{ select: "name" }, "select"],
    ];
    for (const [body, path] of cases) {
      const res = await filter(body, "en");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toContain(path);
      for (const f of res.body.error?.payload.fields ?? []) expect(f.message).not.toMatch(/missing/);
    }
    const unknown = await filter({ filters: [{ key: "boja", value: [1] }] }, "en");
    expect(unknown.body.error?.payload.fields?.[0]).toMatchObject({ key: "shopApi.error.unknownFilter", message: "Unknown filter." });
    const broken = await p.call("POST", "/api/v1/product/web/filter", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect((await p.call("POST", "/api/v1/product/layered/navigation", { body: { filters: [{ key: "boja", value: [1] }] } })).status).toBe(
      400,
    );
    expect((await get("store=1")).status).toBe(400);
    expect((await get("id=abc")).status).toBe(400);
  });
});

describe("POST layered/navigation", () => {
  it("lists every filterable attribute with products, and price, with ranges as min and max", async () => {
    const res = await layered([care(), { key: "archived", value: false }]);
    expect(res.status).toBe(200);
    const codes = res.body.data.map((f) => f.attributeCode);
    expect(codes).toEqual(["miris", "volumen", "brand", "namjena", "ekoloski", "datum_dolaska", "zapremina_ml", "zadnja_nabava", "price"]);
    const byCode = Object.fromEntries(res.body.data.map((f) => [f.attributeCode, f]));
    expect(byCode.brand?.values.map((v) => [v.valueLabel, v.totalProducts])).toEqual([
      ["AquaSjaj", 4],
      ["Koi Detail", 3],
      ["ProClean", 4],
    ]);
    expect(byCode.miris?.values.map((v) => [v.valueLabel, v.swatch])).toEqual([
      ["Limun", "#fdd835"],
      ["Lavanda", "#9575cd"],
      ["Neutralni", "#cfd8dc"],
    ]);
    expect(byCode.ekoloski?.values.map((v) => [v.valueLabel, v.totalProducts])).toEqual([
      ["Da", 4],
      ["Ne", 7],
    ]);
    expect(byCode.zapremina_ml?.values).toEqual([
      { attributeID: expect.any(Number), valueLabel: "Zapremina (ml)", totalProducts: 6, minValue: 250, maxValue: 1000 },
    ]);
    expect(byCode.datum_dolaska?.values[0]).toMatchObject({ minValue: "2022-11-07", maxValue: "2024-10-01", totalProducts: 11 });
    expect(byCode.price?.values[0]).toMatchObject({ minValue: 3.9, maxValue: 24.9, totalProducts: 11 });
  });

  it("counts each attribute's values over the products matching the other chosen filters", async () => {
    const koi = values["brand:Koi Detail"] as number;
    const res = await layered([care(), { key: "archived", value: false }, { key: "brand", value: [koi] }]);
    const byCode = Object.fromEntries(res.body.data.map((f) => [f.attributeCode, f]));
    // Brand's own choice is left out of its counts: the alternatives still show their numbers.
    expect(byCode.brand?.values.map((v) => [v.valueLabel, v.totalProducts])).toEqual([
      ["AquaSjaj", 4],
      ["Koi Detail", 3],
      ["ProClean", 4],
    ]);
    // Every other attribute counts only Koi Detail products (mitt, tyre shine, wax).
    expect(byCode.namjena?.values.map((v) => [v.valueLabel, v.totalProducts])).toEqual([
      ["Eksterijer", 2],
      ["Felge i gume", 1],
    ]);
    expect(byCode.price?.values[0]).toMatchObject({ minValue: 6.9, maxValue: 24.9, totalProducts: 3 });
    expect(byCode.miris).toBeUndefined();

    const withPrice = await layered([
      care(),
      { key: "archived", value: false },
      { key: "brand", value: [koi] },
      { key: "price", value: [10, null] },
    ]);
    const next = Object.fromEntries(withPrice.body.data.map((f) => [f.attributeCode, f]));
    expect(next.brand?.values.map((v) => [v.valueLabel, v.totalProducts])).toEqual([
      ["AquaSjaj", 1],
      ["Koi Detail", 2],
      ["ProClean", 2],
    ]);
    // Price keeps its full range over the other filters, so the visitor can widen it again.
    expect(next.price?.values[0]).toMatchObject({ minValue: 6.9, maxValue: 24.9 });
  });

  it("keeps a chosen value with no products left, and leaves out attributes without products", async () => {
    const lavender = values["miris:Lavanda"] as number;
    const res = await layered([
      { key: "categories", value: [categories["poklon-bonovi"]] },
      { key: "miris", value: [lavender] },
    ]);
    const byCode = Object.fromEntries(res.body.data.map((f) => [f.attributeCode, f]));
    expect(byCode.miris?.values).toEqual([{ attributeID: lavender, valueLabel: "Lavanda", totalProducts: 0, swatch: "#9575cd" }]);
    expect(byCode.brand).toBeUndefined();
    expect(byCode.price).toBeUndefined();
  });
});

describe("categories and tags", () => {
  it("gets a category with translated sort options, its default sort and product count", async () => {
    const res = await p.call<CategoryView>("GET", `/api/v1/product/web/category/get/${categories["poklon-bonovi"]}`, { language: "de" });
    expect(res.body.data).toMatchObject({
      name: "Gutscheine",
      slug: "gutscheine",
      sortDefaultType: "cheapest",
      productCount: 3,
      translations: { hr: "poklon-bonovi", en: "gift-vouchers", de: "gutscheine" },
    });
    expect(res.body.data.image).toMatch(/^\/media\//);
    expect(res.body.data.sortTypes[0]).toEqual({ id: "newest", name: "Neueste zuerst" });
    expect(res.body.data.sortTypes.map((s) => s.id)).toHaveLength(9);
    expect((await p.call("GET", "/api/v1/product/web/category/get/999999")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/product/web/category/get/abc")).status).toBe(400);
  });

  it("filters categories by slug in any language, flat or as a tree", async () => {
    const all = await p.call<{ records: CategoryView[] }>("POST", "/api/v1/product/web/category/filter", { body: {} });
    expect(all.body.data.records.map((c) => [c.slug, c.productCount])).toEqual([
      ["njega-vozila", 11],
      ["poklon-bonovi", 3],
      ["programi-pranja", 8],
      ["paketi", 2],
    ]);
    const bySlug = await p.call<{ records: CategoryView[] }>("POST", "/api/v1/product/web/category/filter", {
      body: { slug: "car-care" },
      language: "en",
    });
    expect(bySlug.body.data.records.map((c) => c.name)).toEqual(["Car care"]);
    const parent = await insertCategory(p.db, { slug: "stablo-roditelj", name: "Roditelj" });
    const child = await insertCategory(p.db, { slug: "stablo-dijete", name: "Dijete", parentId: parent });
    const tree = await p.call<{ records: CategoryView[] }>("POST", "/api/v1/product/web/category/filter", { body: { tree: true } });
    const root = tree.body.data.records.find((c) => c.id === parent);
    expect(root?.children.map((c) => c.id)).toEqual([child]);
    expect(tree.body.data.records.some((c) => c.id === child)).toBe(false);
    await p.db.deleteFrom("product_categories").where("id", "in", [child, parent]).execute();
    const bad = await p.call("POST", "/api/v1/product/web/category/filter", { body: { sort: { param: "size", order: "asc" } } });
    expect(bad.status).toBe(400);
  });

  it("lists tags in the request language", async () => {
    const res = await p.call<{ records: TagView[] }>("POST", "/api/v1/product/web/tag/filter", { body: {}, language: "en" });
    expect(res.body.data.records.map((t) => t.name)).toEqual(["Bestseller", "Eco", "New"]);
    const one = await p.call<{ records: TagView[] }>("POST", "/api/v1/product/web/tag/filter", { body: { slug: "novo" } });
    expect(one.body.data.records).toEqual([{ id: expect.any(Number), name: "Novo", slug: "novo" }]);
  });
});
