import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { htmlProblems } from "./html-validity.test-support.ts";
import { adminLoginJar, staffWithJar } from "./staff-login.test-support.ts";
import { type CookieJar, html, useTestShop } from "./testing.ts";

/** The catalog area of the back office (issue 12) in process through the composed server: its pages, forms and refusals. */

const shop = useTestShop();
const hr = translator("hr");
const en = translator("en");

const page = async (path: string, jar: CookieJar) => {
  const res = await shop.get(path, jar);
  return { status: res.status, text: await res.text() };
};

const fromHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? fromHtml(m[1] ?? "") : undefined;
};

/** What a browser would post from the form holding `marker` as the page renders it (inputs, checked boxes, selects, textareas). */
function formFields(page: string, marker: string): [string, string][] {
  const form = [...page.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(marker)) ?? "";
  const fields: [string, string][] = [];
  for (const m of form.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>[\s\S]*?<\/textarea>|<select\b[^>]*>[\s\S]*?<\/select>/g)) {
    const tag = m[0];
    const name = attr(tag, "name");
    if (!name) continue;
    if (tag.startsWith("<input")) {
      const type = attr(tag, "type") ?? "text";
      if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag)) continue;
      fields.push([name, attr(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    } else if (tag.startsWith("<textarea")) {
      fields.push([name, fromHtml(/>([\s\S]*)<\/textarea>$/.exec(tag)?.[1] ?? "").replace(/^\n/, "")]);
    } else {
      const options = [...tag.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0];
      fields.push([name, attr(chosen ?? "", "value") ?? ""]);
    }
  }
  return fields;
}

function asFields(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const had = out[k];
    out[k] = had === undefined ? v : [had].flat().concat(v);
  }
  return out;
}

/** Everything the product editor posts for a new simple product. */
function newProduct(sku: string, retail: string): Record<string, string | string[]> {
  const slug = sku.toLowerCase();
  return {
    intent: "save",
    sku,
    format: "simple",
    "name.hr": `Pjena ${sku}`,
    "slug.hr": `pjena-${slug}`,
    "short.hr": "Aktivna pjena za predpranje.",
    "description.hr": "<p>Razrijedite 1:10.</p>",
    "name.en": `Foam ${sku}`,
    "slug.en": `foam-${slug}`,
    "short.en": "",
    "description.en": "",
    "name.de": "",
    "slug.de": "",
    "short.de": "",
    "description.de": "",
    retail,
    vatRate: "25",
    membership: "",
    discount: "",
    discountFrom: "",
    discountTo: "",
    categoryPriority: "0",
    crossSells: "NJ-KRPA-01",
    variants: "",
    bundleParts: "",
    classificationCode: "20.41.32",
    stock: "7",
  };
}

describe("catalog pages for an administrator", () => {
  it("lists products with the sub-navigation, filters and the low-stock view", async () => {
    const jar = await adminLoginJar(shop);
    const res = await shop.get("/admin/catalog", jar);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const list = { status: res.status, text: await res.text() };
    expect(list.status).toBe(200);
    for (const key of ["products", "categories", "attributes", "coupons", "memberCards"]) {
      expect(list.text).toContain(html(hr(`admin.catalog.nav.${key}`)));
    }
    // Newest first, 25 a page: the demo's 31 products take two.
    expect(list.text).toContain("NJ-SAMPON-NEUTRALNI-1-L");
    expect(list.text).toContain(html(hr("admin.catalog.pageOf", { page: 1, pages: 2 })));
    expect((await page("/admin/catalog?page=2", jar)).text).toContain("NJ-KRPA-01");

    const found = await page("/admin/catalog?q=krpa", jar);
    expect(found.text).toContain("NJ-KRPA-01");
    expect(found.text).not.toContain("NJ-STAKLO-500");

    // The demo's drying towel has 2 in stock: the low-stock view shows it, marked.
    const low = await page("/admin/catalog?lowStock=1", jar);
    expect(low.text).toContain("NJ-KRPA-01");
    expect(low.text).toContain(html(hr("admin.catalog.products.low")));

    // A filter that does not parse is dropped, not an error page.
    expect((await page("/admin/catalog?categoryId=abc&page=-3&format=nope", jar)).status).toBe(200);
  });

  it("refuses a product with a bad price at the price field, in the staff's language, and writes nothing", async () => {
    const jar = await adminLoginJar(shop);
    const res = await shop.postForm("/admin/catalog/products/new", newProduct("PJ-LOSA-1", "12,5x"), jar);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain(html(hr("admin.catalog.error.price")));
    expect(text).toMatch(/id="field-retail"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-retail"/);
    // What was typed stays in the form.
    expect(text).toContain('value="12,5x"');
    expect((await page("/admin/catalog?q=PJ-LOSA-1", jar)).text).toContain(html(hr("admin.catalog.products.empty")));
  });

  it("shows the platform's own refusal next to its field (a slug another product has)", async () => {
    const jar = await adminLoginJar(shop);
    const res = await shop.postForm(
      "/admin/catalog/products/new",
      { ...newProduct("PJ-SLUG-1", "3,00"), "slug.hr": "mikrofiber-krpa" },
      jar,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("adminCatalog.error.slugTaken")));
    expect((await page("/admin/catalog?q=PJ-SLUG-1", jar)).text).toContain(html(hr("admin.catalog.products.empty")));
  });

  it("creates a product from euros typed with a comma, edits its price, and the shop's page shows it", async () => {
    const jar = await adminLoginJar(shop);
    const created = await shop.postForm("/admin/catalog/products/new", newProduct("PJ-NOVA-1", "12,50"), jar);
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/catalog\/products\/\d+\?done=created$/);
    const editorPath = location.split("?")[0] ?? "";

    const editor = await page(location, jar);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain(html(hr("admin.catalog.product.created")));
    expect(editor.text).toContain('value="12,50"');
    expect(editor.text).toContain('value="NJ-KRPA-01"');
    expect(editor.text).toContain(html(hr("admin.catalog.product.stockNow", { n: 7 })));

    const before = await page("/product/pjena-pj-nova-1", jar);
    expect(before.status).toBe(200);
    expect(before.text).toContain("12,50");

    const saved = await shop.postForm(editorPath, { ...newProduct("PJ-NOVA-1", "1.234,90"), stock: "" }, jar);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${editorPath}?done=saved`);
    expect((await page(editorPath, jar)).text).toContain('value="1234,90"');
    expect((await page("/product/pjena-pj-nova-1", jar)).text).toContain("1.234,90");

    // Stock through its own form: units received, then a set guarded by the figure shown.
    expect((await shop.postForm(editorPath, { intent: "stockAdd", delta: "5", expected: "7" }, jar)).status).toBe(302);
    expect((await page(editorPath, jar)).text).toContain(html(hr("admin.catalog.product.stockNow", { n: 12 })));
    const stale = await shop.postForm(editorPath, { intent: "stockSet", set: "3", expected: "7" }, jar);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(html(hr("adminCatalog.error.stockChanged")));

    // Nobody ordered it: deleting deletes.
    const deleted = await shop.postForm(editorPath, { intent: "delete" }, jar);
    expect(deleted.headers.get("location")).toBe("/admin/catalog?done=deleted");
    expect((await page(editorPath, jar)).status).toBe(404);
  });

  it("saves every demo product's editor unchanged (all four formats, variants, parts, attributes, pictures)", async () => {
    const jar = await adminLoginJar(shop);
    const formats = new Set<string>();
    for (let id = 1; id <= 31; id++) {
      const path = `/admin/catalog/products/${id}`;
      const editor = await page(path, jar);
      expect(editor.status, path).toBe(200);
      const fields = asFields(formFields(editor.text, 'name="intent" value="save"'));
      formats.add(String(fields.format));
      const saved = await shop.postForm(path, fields, jar);
      expect(
        saved.status,
        `${path}: ${saved.status === 302 ? "" : (await saved.text()).match(/field__error[^<]*<|role="alert"[\s\S]{0,300}/g)}`,
      ).toBe(302);
      const after = await page(path, jar);
      expect(formFields(after.text, 'name="intent" value="save"'), path).toEqual(formFields(editor.text, 'name="intent" value="save"'));
    }
    expect([...formats].sort()).toEqual(["EProduct", "bundle", "configurable", "simple"]);
  });

  it("creates a bundle from parts typed as SKU and quantity, and names an unknown SKU at its field", async () => {
    const jar = await adminLoginJar(shop);
    const bundle = { ...newProduct("PJ-PAKET-1", "19,90"), format: "bundle", crossSells: "", stock: "" };
    const unknown = await shop.postForm("/admin/catalog/products/new", { ...bundle, bundleParts: "NJ-KRPA-01 2\nNEMA-TAKVOG" }, jar);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(hr("admin.catalog.error.unknownSku", { skus: "NEMA-TAKVOG" })));
    const created = await shop.postForm("/admin/catalog/products/new", { ...bundle, bundleParts: "NJ-KRPA-01 2\nNJ-STAKLO-500 × 1" }, jar);
    expect(created.status).toBe(302);
    const editor = await page(created.headers.get("location") ?? "", jar);
    expect(editor.text).toContain("NJ-KRPA-01 2\nNJ-STAKLO-500 1</textarea>");
  });

  it("answers 404 for a product, category, coupon or card that does not exist, and for an id that is no number", async () => {
    const jar = await adminLoginJar(shop);
    for (const path of [
      "/admin/catalog/products/999999",
      "/admin/catalog/products/abc",
      "/admin/catalog/categories/999999",
      "/admin/catalog/attributes/999999",
      "/admin/catalog/coupons/999999",
      "/admin/catalog/member-cards/999999",
    ]) {
      const res = await page(path, jar);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain(html(hr("admin.nav.label")));
    }
    const res = await shop.postForm("/admin/catalog/products/999999", newProduct("PJ-NEMA-1", "1,00"), jar);
    expect(res.status).toBe(404);
  });

  it("creates a category, moves it up, and deletes it while empty", async () => {
    const jar = await adminLoginJar(shop);
    const created = await shop.postForm(
      "/admin/catalog/categories/new",
      { parentId: "", sortDefault: "cheapest", imageSrc: "", "name.hr": "Zimska njega", "slug.hr": "zimska-njega", "description.hr": "" },
      jar,
    );
    expect(created.headers.get("location")).toBe("/admin/catalog/categories?done=created");
    const tree = await page("/admin/catalog/categories", jar);
    expect(tree.text).toContain("Zimska njega");
    const id = /\/admin\/catalog\/categories\/(\d+)"[^>]*>Zimska njega/.exec(tree.text)?.[1];
    expect(id).toBeDefined();
    const moved = await shop.postForm("/admin/catalog/categories", { intent: "move", id: String(id), parentId: "", position: "0" }, jar);
    expect(moved.headers.get("location")).toBe("/admin/catalog/categories?done=moved");
    const first = await page("/admin/catalog/categories", jar);
    expect(first.text.indexOf("Zimska njega")).toBeLessThan(first.text.indexOf(">Njega vozila<"));

    const bad = await shop.postForm(
      `/admin/catalog/categories/${id}`,
      { parentId: "", "name.hr": "Zimska njega", "slug.hr": "Ne Valja" },
      jar,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(html(hr("validation.invalid")));

    const deleted = await shop.postForm("/admin/catalog/categories", { intent: "delete", id: String(id) }, jar);
    expect(deleted.headers.get("location")).toBe("/admin/catalog/categories?done=deleted");
    expect((await page("/admin/catalog/categories", jar)).text).not.toContain("Zimska njega");
  });

  it("creates a fixed coupon in euros with limits, and revokes it", async () => {
    const jar = await adminLoginJar(shop);
    const fields = {
      code: "ZIMA-5",
      kind: "fixed",
      value: "5,00",
      active: "1",
      validFrom: "2026-12-01T00:00",
      validTo: "2026-12-31T23:59",
      minTotal: "20",
      usageLimit: "100",
      perCustomerLimit: "1",
    };
    const badDates = await shop.postForm("/admin/catalog/coupons/new", { ...fields, validTo: "2026-11-01T00:00" }, jar);
    expect(badDates.status).toBe(400);
    const created = await shop.postForm("/admin/catalog/coupons/new", fields, jar);
    expect(created.headers.get("location")).toBe("/admin/catalog/coupons?done=created");
    const list = await page("/admin/catalog/coupons?q=ZIMA", jar);
    expect(list.text).toContain("ZIMA-5");
    expect(list.text).toContain(html(hr("admin.catalog.coupons.usedOf", { n: 0, limit: 100 })));
    const id = /\/admin\/catalog\/coupons\/(\d+)"[^>]*><code>ZIMA-5/.exec(list.text)?.[1];
    const editor = await page(`/admin/catalog/coupons/${id}`, jar);
    expect(editor.text).toContain('value="5,00"');
    expect(editor.text).toContain('value="2026-12-01T00:00"');
    const revoked = await shop.postForm("/admin/catalog/coupons", { intent: "revoke", id: String(id) }, jar);
    expect(revoked.headers.get("location")).toBe("/admin/catalog/coupons?done=revoked");
    expect((await page("/admin/catalog/coupons?q=ZIMA", jar)).text).toContain(html(hr("admin.catalog.coupons.inactive")));
  });

  it("issues a membership card to a customer by e-mail, refuses an unknown holder, and revokes the card", async () => {
    const jar = await adminLoginJar(shop);
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const unknown = await shop.postForm(
      "/admin/catalog/member-cards/new",
      { barcode: "KARTICA-77", holderEmail: "nitko@example.hr", validUntil: "" },
      jar,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(hr("adminCatalog.error.noSuchCustomer")));
    const created = await shop.postForm(
      "/admin/catalog/member-cards/new",
      { barcode: "KARTICA-77", holderEmail: customer.email, validUntil: "2027-06-30T23:59" },
      jar,
    );
    expect(created.headers.get("location")).toBe("/admin/catalog/member-cards?done=created");
    const list = await page("/admin/catalog/member-cards?q=KARTICA-77", jar);
    expect(list.text).toContain(customer.email);
    const id = /\/admin\/catalog\/member-cards\/(\d+)"[^>]*><code>KARTICA-77/.exec(list.text)?.[1];
    expect((await shop.postForm("/admin/catalog/member-cards", { intent: "revoke", id: String(id) }, jar)).status).toBe(302);
    expect((await page("/admin/catalog/member-cards?q=KARTICA-77", jar)).text).not.toContain(`>${html(hr("admin.catalog.revoke"))}<`);
  });
});

describe("valid HTML (html-validate, recommended, as valid-html.test.ts runs it)", () => {
  it("every page of the catalog, and a refused product form, have no errors", async () => {
    const jar = await adminLoginJar(shop);
    const paths = [
      "/admin/catalog",
      "/admin/catalog?lowStock=1",
      "/admin/catalog/products/new",
      "/admin/catalog/products/1",
      "/admin/catalog/products/24",
      "/admin/catalog/categories",
      "/admin/catalog/categories/new",
      "/admin/catalog/categories/1",
      "/admin/catalog/attributes",
      "/admin/catalog/attributes/new",
      "/admin/catalog/attributes/1",
      "/admin/catalog/coupons",
      "/admin/catalog/coupons/new",
      "/admin/catalog/member-cards",
      "/admin/catalog/member-cards/new",
    ];
    for (const path of paths) {
      const res = await page(path, jar);
      expect(res.status, path).toBe(200);
      expect(await htmlProblems(res.text, path)).toEqual([]);
    }
    const refused = await shop.postForm("/admin/catalog/products/new", newProduct("PJ-HTML-1", "x"), jar);
    expect(await htmlProblems(await refused.text(), "refused product")).toEqual([]);
  });
});

describe("staff with only the shop scope, in English", () => {
  it("edit products in their own language; the media library is not theirs, and the editor says so", async () => {
    const jar = await staffWithJar(shop, ["shop"]);
    expect((await shop.postForm("/admin", { intent: "language", language: "en", back: "/admin/catalog" }, jar)).status).toBe(302);

    const editor = await page("/admin/catalog/products/new", jar);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain('<html lang="en"');
    expect(editor.text).toContain(html(en("admin.catalog.product.imagesNoLibrary")));

    const refused = await shop.postForm("/admin/catalog/products/new", { ...newProduct("PJ-EN-1", "twelve"), "slug.hr": "x" }, jar);
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain(html(en("admin.catalog.error.price")));
    expect(text).toContain(html(en("validation.minLength", { length: 4 })));
    expect(text).not.toContain(html(hr("admin.catalog.error.price")));
  });
});

describe("staff with only the content scope", () => {
  it("cannot open the catalog or post to it", async () => {
    const jar = await staffWithJar(shop, ["content"]);
    for (const path of ["/admin/catalog", "/admin/catalog/products/new", "/admin/catalog/coupons"]) {
      const res = await page(path, jar);
      expect(res.status, path).toBe(403);
      expect(res.text).toContain(html(hr("admin.forbidden.title")));
    }
    const res = await shop.postForm("/admin/catalog/products/new", newProduct("PJ-ZABRANA", "1,00"), jar);
    expect(res.status).toBe(403);
  });
});
