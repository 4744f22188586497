import { randomUUID } from "node:crypto";
import type {
  AdminAttribute,
  AdminCategory,
  AdminProduct,
  AdminProductRow,
  LayeredFilter,
  Paged,
  ProductDetail,
  ProductList,
} from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { type CartCatalog, insertCartCatalog } from "../cart/cart.fixtures.ts";
import { backofficeToken, customerToken } from "../cms/cms.fixtures.ts";
import { insertCheckoutSetup, placeOrder } from "../orders/orders.fixtures.ts";
import { insertCategory } from "./catalog.fixtures.ts";

/** Issue 12: the back office's products — list, editor, create and update of the four formats, stock, delete or archive. */

let p: TestPlatform;
let c: CartCatalog;
let staff: string;
let customer: string;
let care: number;
let other: number;

beforeAll(async () => {
  p = await createTestPlatform();
  c = await insertCartCatalog(p.db);
  await insertCheckoutSetup(p.db);
  staff = await backofficeToken(p);
  customer = await customerToken(p);
  care = await insertCategory(p.db, { slug: "admin-njega", name: "Njega" });
  other = await insertCategory(p.db, { slug: "admin-ostalo", name: "Ostalo" });
});
afterAll(() => p.close());

const translations = (slug: string) => [
  { language: "hr", name: `Pjena ${slug}`, slug, shortDescription: "Kratko", description: "<p>Dugo<script>alert(1)</script></p>" },
  { language: "en", name: `Foam ${slug}`, slug: `${slug}-en` },
  { language: "de", name: `Schaum ${slug}`, slug: `${slug}-de` },
];
const simple = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  format: "simple",
  translations: translations(sku.toLowerCase()),
  retailCents: 1500,
  vatRate: 25,
  categoryIds: [care],
  ...extra,
});
const create = (body: unknown, token = staff, language?: string) =>
  p.call<AdminProduct>("POST", "/api/v1/admin/product", { token, body, language });
const update = (id: number, body: unknown, language?: string) =>
  p.call<AdminProduct>("PUT", `/api/v1/admin/product/${id}`, { token: staff, body, language });
const list = (body: Record<string, unknown>) =>
  p.call<Paged<AdminProductRow>>("POST", "/api/v1/admin/product/filter", { token: staff, body });
const stock = (id: number, body: unknown) =>
  p.call<{ stock: number | null }>("POST", `/api/v1/admin/product/${id}/stock`, { token: staff, body });

describe("product editor", () => {
  it("creates a simple product with texts, prices, discount, categories, cross-sells and KPD code, and reads it back", async () => {
    const res = await create({
      ...simple("PJ-1001", {
        membershipCents: 1200,
        discount: { cents: 1300, from: "2020-01-01T00:00:00Z", to: null },
        featured: true,
        crossSellIds: [c.wax],
        classificationCode: "20.41.32",
      }),
      stock: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await p.call<AdminProduct>("GET", `/api/v1/admin/product/${res.body.data.id}`, { token: staff });
    expect(got.body.data).toMatchObject({
      sku: "PJ-1001",
      format: "simple",
      retailCents: 1500,
      membershipCents: 1200,
      discount: { cents: 1300, to: null },
      vatRate: 25,
      stock: 3,
      featured: true,
      archived: false,
      categoryIds: [care],
      crossSellIds: [c.wax],
      classificationCode: "20.41.32",
      ordered: false,
    });
    const hr = got.body.data.translations.find((t) => t.language === "hr");
    expect(hr).toMatchObject({ slug: "pj-1001", shortDescription: "Kratko", description: "<p>Dugo</p>" });
    expect(got.body.data.translations).toHaveLength(3);
  });

  it("creates a configurable product with its variants and a bundle with its parts", async () => {
    const lemon = (await create(simple("PJ-LEMON", { categoryIds: [] }))).body.data.id;
    const mint = (await create(simple("PJ-MINT", { categoryIds: [] }))).body.data.id;
    const conf = await create(simple("PJ-CONF", { format: "configurable", variantIds: [lemon, mint] }));
    expect(conf.status, JSON.stringify(conf.body)).toBe(200);
    expect(conf.body.data.variantIds).toEqual([lemon, mint]);
    const variant = await p.call<AdminProduct>("GET", `/api/v1/admin/product/${lemon}`, { token: staff });
    expect(variant.body.data.parentId).toBe(conf.body.data.id);
    // Dropped from the list, a variant gets a page of its own again.
    await update(conf.body.data.id, simple("PJ-CONF", { format: "configurable", variantIds: [mint] }));
    expect((await p.call<AdminProduct>("GET", `/api/v1/admin/product/${lemon}`, { token: staff })).body.data.parentId).toBeNull();
    const bundle = await create(
      simple("PJ-BUNDLE", {
        format: "bundle",
        bundleParts: [
          { productId: c.wax, qty: 2 },
          { productId: c.cloth, qty: 1 },
        ],
      }),
    );
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.data.bundleParts).toEqual([
      { productId: c.wax, qty: 2 },
      { productId: c.cloth, qty: 1 },
    ]);
    const voucher = await create({ ...simple("PJ-E", { format: "EProduct" }), stock: null });
    expect(voucher.body.data).toMatchObject({ format: "EProduct", stock: null });
  });

  it("refuses bad input with translated field errors in hr, en and de", async () => {
    const bad = { ...simple("PJ-BAD"), translations: [{ language: "hr", name: "", slug: "ab" }], retailCents: -1, vatRate: 7 };
    for (const [language, text] of [
      ["hr", "Minimalna duljina je 4 znakova"],
      ["en", "Minimum length is 4 characters"],
      ["de", "Die Mindestlänge beträgt 4 Zeichen"],
    ] as const) {
      const res = await create(bad, staff, language);
      expect(res.status).toBe(400);
      const fields = (res.body as unknown as { error: { payload: { fields: { path: string; message: string }[] } } }).error.payload.fields;
      expect(fields.find((f) => f.path === "translations.0.slug")?.message).toBe(text);
      expect(fields.map((f) => f.path)).toEqual(expect.arrayContaining(["translations.0.name", "retailCents", "vatRate"]));
    }
    const upper = await create({ ...simple("PJ-BAD"), translations: [{ language: "hr", name: "X", slug: "Velika-Slova" }] }, staff, "en");
    expect(JSON.stringify(upper.body)).toContain("translations.0.slug");
  });

  it("names the field of a taken SKU or slug, an unknown category, a bad KPD code, and leaves nothing half-written", async () => {
    const taken = await create(simple("PJ-1001"), staff, "de");
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain("Artikelnummer");
    const slug = await create({ ...simple("PJ-2002"), translations: translations("pj-1001") }, staff, "en");
    expect(JSON.stringify(slug.body)).toContain("translations.0.slug");
    const category = await create(simple("PJ-2003", { categoryIds: [999_999] }), staff, "hr");
    expect(JSON.stringify(category.body)).toContain("categoryIds.0");
    const kpd = await create(simple("PJ-2004", { classificationCode: "nije-kod" }));
    expect(kpd.status).toBe(400);
    expect(JSON.stringify(kpd.body)).toContain("classificationCode");
    expect((await list({ q: "PJ-2004" })).body.data.records).toEqual([]);
  });

  it("updates prices, texts, categories and archived, and the shop's API answers the new data", async () => {
    const made = await create(simple("PJ-3001"));
    const id = made.body.data.id;
    const before = await p.call<ProductDetail>("GET", `/api/v1/product/web/get?id=${id}`, {});
    expect(before.body.data.retailPrice).toBe(15);
    const res = await update(
      id,
      simple("PJ-3001", { retailCents: 2490, categoryIds: [other], translations: translations("pj-3001-novo") }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await p.call<ProductDetail>("GET", "/api/v1/product/web/get?slug=pj-3001-novo", {});
    expect(after.body.data).toMatchObject({ id, retailPrice: 24.9, name: "Pjena pj-3001-novo" });
    const inOther = await p.call<ProductList>("POST", "/api/v1/product/web/filter", {
      body: { filters: [{ key: "categories", value: [other] }] },
    });
    expect(inOther.body.data.records.map((r) => r.id)).toContain(id);
    const inCare = await p.call<ProductList>("POST", "/api/v1/product/web/filter", {
      body: { filters: [{ key: "categories", value: [care] }] },
    });
    expect(inCare.body.data.records.map((r) => r.id)).not.toContain(id);
    await update(id, simple("PJ-3001", { archived: true, categoryIds: [other] }));
    const archived = await p.call<ProductDetail>("GET", `/api/v1/product/web/get?id=${id}`, {});
    expect(archived.body.data.archived).toBe(true);
  });

  it("sets attribute values of each type, which the shop's layered filters find, and refuses a value of another attribute", async () => {
    const attribute = async (code: string, input_type: "Dropdown" | "MultiSelect" | "Number" | "YesNo") =>
      (
        await p.db
          .insertInto("attributes")
          .values({ code, input_type, filterable: 1, position: 0, custom_class: null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const value = async (attributeId: number) =>
      (
        await p.db
          .insertInto("attribute_values")
          .values({ attribute_id: attributeId, position: 0, swatch: null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const brand = await attribute("admin_brand", "Dropdown");
    const koi = await value(brand);
    const use = await attribute("admin_namjena", "MultiSelect");
    const [glass, rims] = [await value(use), await value(use)];
    const litres = await attribute("admin_litara", "Number");
    const eco = await attribute("admin_eko", "YesNo");
    const attributes = [
      { attributeId: brand, valueIds: [koi] },
      { attributeId: use, valueIds: [glass, rims] },
      { attributeId: litres, number: 1.5 },
      { attributeId: eco, number: 1 },
    ];
    const made = await create(simple("PJ-ATTR", { attributes }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.attributes).toEqual(attributes);
    const found = await p.call<ProductList>("POST", "/api/v1/product/web/filter", {
      body: {
        filters: [
          { key: "admin_brand", value: [koi] },
          { key: "admin_litara", value: [1, 2] },
        ],
      },
    });
    expect(found.body.data.records.map((r) => r.id)).toEqual([made.body.data.id]);
    const wrong = await create(
      simple("PJ-ATTR2", {
        attributes: [
          { attributeId: brand, valueIds: [glass] },
          { attributeId: eco, number: 3 },
        ],
      }),
      staff,
      "de",
    );
    expect(wrong.status).toBe(400);
    const paths = (wrong.body as unknown as { error: { payload: { fields: { path: string }[] } } }).error.payload.fields.map((f) => f.path);
    expect(paths).toEqual(["attributes.0.valueIds.0", "attributes.1.number"]);
    expect(JSON.stringify(wrong.body)).toContain("Der gewählte Eintrag existiert nicht.");
  });

  it("takes gallery pictures from the media library and keeps pictures the product had", async () => {
    const media = async (mime: string, access: "public" | "private") =>
      (
        await p.db
          .insertInto("media")
          .values({
            drive_id: randomUUID(),
            version: 1,
            title: "Pjena u akciji",
            description: "",
            size: 1000,
            path: `originals/${randomUUID()}.jpg`,
            extension: "jpg",
            mime,
            access,
            original_name: "pjena.jpg",
            hash: "0".repeat(64),
            width: 1200,
            height: 800,
            is_default: 0,
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const picture = await media("image/jpeg", "public");
    const made = await create(simple("PJ-IMG", { images: [{ mediaId: picture }] }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [first] = made.body.data.media;
    expect(first).toMatchObject({ mediaId: picture, width: 1200, height: 800, alt: "Pjena u akciji" });
    // The wax's picture predates the library: kept by its src, beside a library picture.
    const wax = (await p.call<AdminProduct>("GET", `/api/v1/admin/product/${c.wax}`, { token: staff })).body.data;
    const waxSrc = wax.media[0]?.src ?? "";
    const kept = await update(c.wax, {
      ...simple(wax.sku, { translations: translations("tvrdi-vosak-admin") }),
      images: [{ mediaId: picture, alt: "Vosak" }, { src: waxSrc }],
    });
    expect(kept.body.data.media.map((m) => [m.mediaId, m.src === waxSrc, m.alt])).toEqual([
      [picture, false, "Vosak"],
      [null, true, wax.media[0]?.alt],
    ]);
    const privateOne = await media("image/jpeg", "private");
    const pdf = await media("application/pdf", "public");
    for (const images of [[{ mediaId: privateOne }], [{ mediaId: pdf }], [{ src: "https://example.com/x.jpg" }]]) {
      const res = await create(simple("PJ-IMG2", { images }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("images.0");
    }
  });

  it("answers an unknown product 404 on read, update, stock and delete", async () => {
    expect((await p.call("GET", "/api/v1/admin/product/999999", { token: staff })).status).toBe(404);
    expect((await update(999_999, simple("PJ-NONE"))).status).toBe(404);
    expect((await stock(999_999, { delta: 1 })).status).toBe(404);
    expect((await p.call("DELETE", "/api/v1/admin/product/999999", { token: staff })).status).toBe(404);
  });
});

describe("products list", () => {
  it("searches by name or SKU and filters by category, format, featured, archived and low stock", async () => {
    const ids = async (body: Record<string, unknown>) => {
      const res = await list(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.records.map((r) => r.sku);
    };
    expect(await ids({ q: "pj-1001" })).toEqual(["PJ-1001"]);
    expect(await ids({ q: "FOAM PJ-1001" })).toEqual(["PJ-1001"]);
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ categoryId: care, featured: true })).toEqual(["PJ-1001"]);
    expect(await ids({ format: "bundle", q: "PJ" })).toEqual(["PJ-BUNDLE"]);
    expect(await ids({ archived: true, q: "PJ" })).toEqual(["PJ-3001"]);
    const low = await list({ lowStock: true, limit: 100 });
    expect(low.body.data.records.every((r) => r.lowStock && r.stock !== null && r.stock <= 5)).toBe(true);
    expect(low.body.data.records.map((r) => r.sku)).toContain("PJ-1001");
    const paged = await list({ q: "PJ", limit: 2, page: 2 });
    expect(paged.body.data.pagination).toMatchObject({ page: 2, limit: 2 });
    expect(paged.body.data.records).toHaveLength(2);
  });
});

describe("stock", () => {
  it("adds a delta, refuses going below zero, and sets only while the figure is what the editor saw", async () => {
    const id = (await create({ ...simple("PJ-STOCK"), stock: 4 })).body.data.id;
    expect((await stock(id, { delta: 6 })).body.data.stock).toBe(10);
    expect((await stock(id, { delta: -11 })).status).toBe(400);
    expect((await stock(id, { set: 7, expected: 3 })).status).toBe(409);
    expect((await stock(id, { set: 7, expected: 10 })).body.data.stock).toBe(7);
    expect((await stock(id, { set: null, expected: 7 })).body.data.stock).toBeNull();
    expect((await stock(id, { delta: 1 })).status).toBe(400);
  });

  it("a restock racing checkouts neither loses nor doubles a unit", async () => {
    const id = (await create({ ...simple("PJ-RACE"), stock: 3 })).body.data.id;
    const [orders, restocks] = await Promise.all([
      Promise.allSettled([1, 2, 3, 4].map(() => placeOrder(p, id))),
      Promise.all([1, 2, 3].map(() => stock(id, { delta: 1 }))),
    ]);
    expect(restocks.every((r) => r.status === 200)).toBe(true);
    const placed = orders.filter((o) => o.status === "fulfilled").length;
    const now = await p.call<AdminProduct>("GET", `/api/v1/admin/product/${id}`, { token: staff });
    // Each order takes 2 units: every unit is either still on hand or in exactly one order.
    expect(now.body.data.stock).toBe(3 + 3 - 2 * placed);
    expect(placed).toBeGreaterThanOrEqual(1);
    const taken = await p.db
      .selectFrom("order_lines")
      .select((eb) => eb.fn.sum<number | string>("qty").as("n"))
      .where("product_id", "=", id)
      .executeTakeFirst();
    expect(Number(taken?.n ?? 0)).toBe(2 * placed);
  });
});

describe("delete", () => {
  it("deletes a product no order names and archives one that was ordered", async () => {
    const fresh = (await create(simple("PJ-DEL"))).body.data.id;
    expect((await p.call("DELETE", `/api/v1/admin/product/${fresh}`, { token: staff })).body).toMatchObject({
      data: { outcome: "deleted" },
    });
    expect((await p.call("GET", `/api/v1/admin/product/${fresh}`, { token: staff })).status).toBe(404);
    const sold = (await create({ ...simple("PJ-SOLD"), stock: 5 })).body.data.id;
    await placeOrder(p, sold);
    expect((await p.call("DELETE", `/api/v1/admin/product/${sold}`, { token: staff })).body).toMatchObject({
      data: { outcome: "archived" },
    });
    expect((await p.call<AdminProduct>("GET", `/api/v1/admin/product/${sold}`, { token: staff })).body.data).toMatchObject({
      archived: true,
      ordered: true,
    });
  });
});

describe("categories", () => {
  const cat = (slug: string, extra: Record<string, unknown> = {}) => ({
    translations: [
      { language: "hr", name: `Kat ${slug}`, slug, description: "<b>Opis</b><img src=x onerror=alert(1)>" },
      { language: "en", name: `Cat ${slug}`, slug: `${slug}-en` },
    ],
    ...extra,
  });
  const post = (path: string, body: unknown, language?: string) =>
    p.call<AdminCategory>("POST", `/api/v1/admin/category${path}`, { token: staff, body, language });
  const tree = async () => (await p.call<AdminCategory[]>("GET", "/api/v1/admin/category/tree", { token: staff })).body.data;

  it("creates, nests, reorders, moves and updates categories with their sort default", async () => {
    const top = await post("", cat("auto-kozmetika", { sortDefault: "cheapest" }));
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.data).toMatchObject({ parentId: null, sortDefault: "cheapest", productCount: 0 });
    expect(top.body.data.translations[0]?.description).toBe('<b>Opis</b><img src="x" />');
    const a = (await post("", cat("kozmetika-a", { parentId: top.body.data.id }))).body.data;
    const b = (await post("", cat("kozmetika-b", { parentId: top.body.data.id }))).body.data;
    expect([a.position, b.position]).toEqual([0, 1]);
    const moved = await p.call<AdminCategory[]>("POST", `/api/v1/admin/category/${b.id}/move`, {
      token: staff,
      body: { parentId: top.body.data.id, position: 0 },
    });
    const children = moved.body.data.filter((x) => x.parentId === top.body.data.id).map((x) => x.id);
    expect(children).toEqual([b.id, a.id]);
    const cycle = await p.call("POST", `/api/v1/admin/category/${top.body.data.id}/move`, {
      token: staff,
      body: { parentId: a.id, position: 0 },
      language: "en",
    });
    expect(cycle.status).toBe(400);
    expect(JSON.stringify(cycle.body)).toContain("cannot move under itself");
    const upd = await p.call<AdminCategory>("PUT", `/api/v1/admin/category/${a.id}`, {
      token: staff,
      body: cat("kozmetika-a-novo", { parentId: null }),
    });
    expect(upd.body.data).toMatchObject({ parentId: null, translations: [{ slug: "kozmetika-a-novo" }, { slug: "kozmetika-a-novo-en" }] });
    const all = await tree();
    expect(all.findIndex((x) => x.id === top.body.data.id)).toBeLessThan(all.findIndex((x) => x.id === b.id));
    const shop = await p.call<{ name: string; sortDefaultType: string }>("GET", `/api/v1/product/web/category/get/${top.body.data.id}`, {});
    expect(shop.body.data).toMatchObject({ name: "Kat auto-kozmetika", sortDefaultType: "cheapest" });
  });

  it("refuses bad input with translated field errors, and deletes only an empty category", async () => {
    for (const [language, text] of [
      ["hr", "Neispravna vrijednost"],
      ["en", "Invalid value"],
      ["de", "Ungültiger Wert"],
    ] as const) {
      const res = await post("", cat("ok-slug", { sortDefault: "random" }), language);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    const taken = await post("", cat("admin-njega"), "de");
    expect(JSON.stringify(taken.body)).toContain("Kategorie verwendet diesen Slug");
    const busy = await p.call("DELETE", `/api/v1/admin/category/${care}`, { token: staff, language: "en" });
    expect(busy.status).toBe(409);
    const empty = (await post("", cat("prazna-kategorija"))).body.data.id;
    expect((await p.call("DELETE", `/api/v1/admin/category/${empty}`, { token: staff })).status).toBe(200);
    expect((await tree()).some((x) => x.id === empty)).toBe(false);
    expect((await p.call("DELETE", `/api/v1/admin/category/${empty}`, { token: staff })).status).toBe(404);
  });
});

describe("attributes of the layered filters", () => {
  const hr = (label: string) => [{ language: "hr", label }];
  it("creates an attribute with choices, which products then take and the shop's filter lists; updates, reorders and drops choices", async () => {
    const made = await p.call<AdminAttribute>("POST", "/api/v1/admin/attribute", {
      token: staff,
      body: {
        code: "admin_boja",
        inputType: "VisualSwatch",
        translations: [...hr("Boja"), { language: "en", label: "Colour" }],
        values: [
          { swatch: "#ff0000", translations: hr("Crvena") },
          { swatch: "#0000ff", translations: hr("Plava") },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [red, blue] = made.body.data.values;
    expect(made.body.data).toMatchObject({ code: "admin_boja", inputType: "VisualSwatch", filterable: true });
    const product = await create(simple("PJ-BOJA", { attributes: [{ attributeId: made.body.data.id, valueIds: [blue?.id] }] }));
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    const nav = await p.call<LayeredFilter[]>("POST", "/api/v1/product/layered/navigation", { body: {} });
    const filter = nav.body.data.find((f) => f.attributeCode === "admin_boja");
    expect(filter?.values.map((v) => [v.valueLabel, v.swatch, v.totalProducts])).toEqual([["Plava", "#0000ff", 1]]);
    const changed = await p.call<AdminAttribute>("PUT", `/api/v1/admin/attribute/${made.body.data.id}`, {
      token: staff,
      body: {
        code: "admin_boja",
        inputType: "VisualSwatch",
        translations: hr("Boja"),
        values: [
          { id: blue?.id, swatch: "#0000aa", translations: hr("Tamnoplava") },
          { swatch: "#00ff00", translations: hr("Zelena") },
        ],
      },
    });
    expect(changed.body.data.values.map((v) => [v.id === blue?.id, v.swatch, v.translations[0]?.label])).toEqual([
      [true, "#0000aa", "Tamnoplava"],
      [false, "#00ff00", "Zelena"],
    ]);
    expect(changed.body.data.values.some((v) => v.id === red?.id)).toBe(false);
    const list = await p.call<AdminAttribute[]>("GET", "/api/v1/admin/attribute/list", { token: staff });
    expect(list.body.data.some((a) => a.code === "admin_boja")).toBe(true);
  });

  it("refuses a built-in or taken code, another attribute's choice, and a type change while products use it, in each language", async () => {
    const body = (code: string, extra: Record<string, unknown> = {}) => ({ code, inputType: "Dropdown", translations: hr("X"), ...extra });
    for (const [language, text] of [
      ["hr", "Neispravna vrijednost"],
      ["en", "Invalid value"],
      ["de", "Ungültiger Wert"],
    ] as const) {
      for (const code of ["price", "categories", "page", "Velika"]) {
        const res = await p.call("POST", "/api/v1/admin/attribute", { token: staff, body: body(code), language });
        expect(res.status, code).toBe(400);
        expect(JSON.stringify(res.body)).toContain(text);
      }
    }
    const taken = await p.call("POST", "/api/v1/admin/attribute", { token: staff, body: body("admin_boja"), language: "en" });
    expect(JSON.stringify(taken.body)).toContain("An attribute with this code already exists.");
    const boja = (await p.call<AdminAttribute[]>("GET", "/api/v1/admin/attribute/list", { token: staff })).body.data.find(
      (a) => a.code === "admin_boja",
    );
    const retype = await p.call("PUT", `/api/v1/admin/attribute/${boja?.id}`, {
      token: staff,
      body: body("admin_boja", { inputType: "Number" }),
      language: "de",
    });
    expect(JSON.stringify(retype.body)).toContain("Der Typ kann nicht geändert werden");
    const other = await p.call<AdminAttribute>("POST", "/api/v1/admin/attribute", {
      token: staff,
      body: body("admin_drugi", { values: [{ translations: hr("A") }] }),
    });
    const stolen = await p.call("PUT", `/api/v1/admin/attribute/${boja?.id}`, {
      token: staff,
      body: body("admin_boja", { inputType: "VisualSwatch", values: [{ id: other.body.data.values[0]?.id, translations: hr("A") }] }),
    });
    expect(JSON.stringify(stolen.body)).toContain("values.0.id");
    expect((await p.call("PUT", "/api/v1/admin/attribute/999999", { token: staff, body: body("admin_nema") })).status).toBe(404);
  });
});

describe("translated errors on every endpoint with input", () => {
  it("answers each malformed input with field errors in hr, en and de", async () => {
    const wax = `/api/v1/admin/product/${c.wax}`;
    const cases = [
      ["POST", "/api/v1/admin/product/filter", { format: "kit" }, "format"],
      ["PUT", wax, { ...simple("PJ-X"), retailCents: "deset" }, "retailCents"],
      ["POST", `${wax}/stock`, { delta: 1.5 }, "body"],
      ["POST", "/api/v1/admin/category", { translations: [{ language: "hr", name: "K", slug: "k k k" }] }, "translations.0.slug"],
      ["PUT", `/api/v1/admin/category/${care}`, { translations: [{ language: "fr", name: "K", slug: "kkkk" }] }, "translations.0.language"],
      ["POST", `/api/v1/admin/category/${care}/move`, { parentId: null, position: -1 }, "position"],
    ] as const;
    for (const [method, path, body, field] of cases) {
      for (const [language, text] of [
        ["hr", "Neispravna vrijednost"],
        ["en", "Invalid value"],
        ["de", "Ungültiger Wert"],
      ] as const) {
        const res = await p.call(method, path, { token: staff, body, language });
        expect(res.status, `${path} ${language}`).toBe(400);
        const fields = (res.body as unknown as { error: { payload: { fields: { path: string; message: string }[] } } }).error.payload
          .fields;
        expect(fields.find((f) => f.path === field)?.message, `${path} ${language} ${JSON.stringify(fields)}`).toBe(text);
      }
    }
  });

  it("refuses a variant that is a bundle or another product's variant, and stock changes of a product keeping none, in each language", async () => {
    const conf = await p.call<AdminProduct>("GET", `/api/v1/admin/product/${c.shampoo.parent}`, { token: staff });
    const taken = conf.body.data.variantIds[0] ?? c.shampoo.lemon;
    const res = await create(simple("PJ-CONF2", { format: "configurable", variantIds: [c.kit, taken] }), staff, "en");
    expect(res.status).toBe(400);
    const paths = (res.body as unknown as { error: { payload: { fields: { path: string }[] } } }).error.payload.fields.map((f) => f.path);
    expect(paths.sort()).toEqual(["variantIds.0", "variantIds.1"]);
    const untracked = (await create({ ...simple("PJ-NOSTOCK"), stock: null })).body.data.id;
    for (const [language, text] of [
      ["hr", "Za ovaj proizvod se ne vodi zaliha."],
      ["en", "This product keeps no stock."],
      ["de", "Für dieses Produkt wird kein Bestand geführt."],
    ] as const) {
      const r = await p.call("POST", `/api/v1/admin/product/${untracked}/stock`, { token: staff, body: { delta: 2 }, language });
      expect(JSON.stringify(r.body)).toContain(text);
    }
  });
});

describe("access", () => {
  it("refuses anonymous callers 401 and customers 403 on every endpoint", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/v1/admin/product/filter", {}],
      ["GET", `/api/v1/admin/product/${c.wax}`, undefined],
      ["POST", "/api/v1/admin/product", simple("PJ-ACCESS")],
      ["PUT", `/api/v1/admin/product/${c.wax}`, simple("PJ-ACCESS")],
      ["POST", `/api/v1/admin/product/${c.wax}/stock`, { delta: 1 }],
      ["DELETE", `/api/v1/admin/product/${c.wax}`, undefined],
      ["GET", "/api/v1/admin/category/tree", undefined],
      ["GET", "/api/v1/admin/attribute/list", undefined],
      ["POST", "/api/v1/admin/attribute", { code: "x" }],
      ["PUT", "/api/v1/admin/attribute/1", { code: "x" }],
      ["POST", "/api/v1/admin/category", { translations: [] }],
      ["PUT", `/api/v1/admin/category/${care}`, { translations: [] }],
      ["POST", `/api/v1/admin/category/${care}/move`, { parentId: null, position: 0 }],
      ["DELETE", `/api/v1/admin/category/${care}`, undefined],
    ] as const) {
      expect((await p.call(method, path, { body })).status, path).toBe(401);
      expect((await p.call(method, path, { body, token: customer })).status, path).toBe(403);
    }
  });
});
