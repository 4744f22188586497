import type { SearchAnswer, SearchCategoriesAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, insertPost, type TestPlatform } from "../../test-support.ts";
import { insertCategory, insertProduct } from "../reviews/product.fixtures.ts";

let p: TestPlatform;

interface SeedTranslation {
  lang: string;
  slug: string;
  title: string;
  body?: string;
  components?: unknown[];
  image?: string;
}

/** A post straight into the tables, as any writer would: the database's triggers index it. */
async function createPost(
  type: "page" | "post",
  translations: SeedTranslation[],
  options: { status?: "draft" | "published"; publishedAt?: string } = {},
) {
  return insertPost(p.db, {
    type,
    status: options.status ?? "published",
    publishedAt: options.publishedAt ?? "2025-03-01T10:00:00.000Z",
    translations,
  });
}

const search = (query: string, options: { language?: string } = {}) =>
  p.call<SearchAnswer>("GET", `/api/v1/search${query}`, { language: options.language });

const titles = (res: { body: { data: SearchAnswer } }) => res.body.data.records.map((r) => r.title);

let cleanPageId = 0;

beforeAll(async () => {
  p = await createTestPlatform();
  cleanPageId = await createPost("page", [
    {
      lang: "hr",
      slug: "cistoca-vozila",
      title: "Čistoća vozila",
      body: "<p>Naša <strong>ČISTOĆA</strong> je poznata u cijelom Zagrebu.</p>",
      components: [
        { id: 1, template: "hero", data: { title: "Sjaj bez mrlja", image: { src: "/media/1/7/MediumSize/sjaj.webp/abc", alt: "Sjaj" } } },
      ],
    },
    { lang: "en", slug: "cleanliness", title: "Cleanliness of vehicles", body: "<p>Spotless cars.</p>" },
  ]);
  await createPost("page", [
    {
      lang: "hr",
      slug: "pocetna",
      title: "Početna",
      components: [
        { id: 1, template: "richText", data: { html: "<p>Dobrodošli na pranje u Đurđevcu i Zagrebu.</p>" } },
        { id: 2, template: "hero", data: { title: "Autopraonica", cta: { label: "Rezervirajte termin", href: "/kontakt" } } },
      ],
    },
  ]);
  await createPost("page", [{ lang: "hr", slug: "skica-cistoce", title: "Čistoća – skica" }], { status: "draft" });

  // Ranking: the title match is older, the text-only match newer; the title must still win.
  await createPost(
    "post",
    [{ lang: "hr", slug: "cistoca-interijera", title: "Čistoća interijera", body: "<p>Usisavanje i brisanje.</p>" }],
    {
      publishedAt: "2024-01-10T08:00:00.000Z",
    },
  );
  await createPost(
    "post",
    [
      {
        lang: "hr",
        slug: "zimsko-pranje",
        title: "Zimsko pranje",
        body: `<p>${"Sol i blato s ceste nagrizaju lak. ".repeat(8)}Redovito pranje čuva čistoću – i čistoća laka traje dulje.</p>`,
        image: "/media/1/9/MediumSize/zima.webp/def",
      },
    ],
    { publishedAt: "2025-02-10T08:00:00.000Z" },
  );
  // Language fallback: hr-only, and one with an English translation.
  await createPost("post", [{ lang: "hr", slug: "durdevacki-sajam", title: "Đurđevački sajam automobila" }]);
  await createPost("post", [
    { lang: "hr", slug: "pranje-zimi", title: "Pranje zimi", body: "<p>Zimi perite češće.</p>" },
    { lang: "en", slug: "winter-washing", title: "Winter washing", body: "<p>Wash more often in winter.</p>" },
  ]);
  for (let i = 1; i <= 12; i++) {
    await createPost("post", [{ lang: "hr", slug: `vosak-${i}`, title: `Vosak broj ${i}` }], {
      publishedAt: `2025-01-${String(i).padStart(2, "0")}T08:00:00.000Z`,
    });
  }
});
afterAll(() => p.close());

describe("GET /v1/search", () => {
  it("ignores Croatian diacritics and case", async () => {
    for (const query of ["cistoca", "Čistoća", "ČISTOĆA", "čistoca"]) {
      const res = await search(`?query=${encodeURIComponent(query)}&category=pages`);
      expect(res.status, query).toBe(200);
      expect(titles(res), query).toEqual(["Čistoća vozila"]);
    }
  });

  it("folds đ to d both ways", async () => {
    for (const query of ["durdevcu", "Đurđevcu", "ĐURĐEVCU"]) {
      expect(titles(await search(`?query=${encodeURIComponent(query)}&category=pages`)), query).toEqual(["Početna"]);
    }
    expect(titles(await search("?query=durdevacki&category=posts"))).toEqual(["Đurđevački sajam automobila"]);
  });

  it("matches words while they are being typed (prefixes) and needs every word", async () => {
    expect(titles(await search("?query=cist&category=pages"))).toEqual(["Čistoća vozila"]);
    expect(titles(await search("?query=cistoca%20zagrebu&category=pages"))).toEqual(["Čistoća vozila"]);
    expect(titles(await search("?query=cistoca%20beograd&category=pages"))).toEqual([]);
  });

  it("answers each hit with its kind, post id, url, image and an excerpt around the match", async () => {
    const res = await search("?query=cistoca&category=pages");
    expect(res.body.data.records[0]).toEqual({
      kind: "page",
      id: cleanPageId,
      title: "Čistoća vozila",
      url: "/cistoca-vozila",
      image: "/media/1/7/MediumSize/sjaj.webp/abc",
      excerpt: expect.stringContaining("ČISTOĆA je poznata"),
    });
    const post = (await search("?query=cistoca&category=posts")).body.data.records.find((r) => r.title === "Zimsko pranje");
    expect(post).toMatchObject({ kind: "post", url: "/zimsko-pranje", image: "/media/1/9/MediumSize/zima.webp/def" });
    // The match is deep in a long text: the excerpt starts near it, marked as cut.
    expect(post?.excerpt).toMatch(/^….*čistoću – i čistoća laka/);
    expect(post?.excerpt.length).toBeLessThanOrEqual(170);
  });

  it("links the home page to the language's root", async () => {
    expect((await search("?query=dobrodosli&category=pages")).body.data.records[0]?.url).toBe("/");
    expect((await search("?query=dobrodosli&category=pages", { language: "de" })).body.data.records[0]?.url).toBe("/de");
  });

  it("ranks a match in the title above a match in the text, even an older one", async () => {
    expect(titles(await search("?query=cistoca&category=posts"))).toEqual(["Čistoća interijera", "Zimsko pranje"]);
  });

  it("searches the words inside page components, but not template names, addresses or HTML tags", async () => {
    expect(titles(await search("?query=rezervirajte&category=pages"))).toEqual(["Početna"]);
    expect(titles(await search("?query=sjaj%20mrlja&category=pages"))).toEqual(["Čistoća vozila"]);
    for (const query of ["richText", "hero", "kontakt", "media", "webp", "strong"]) {
      expect(titles(await search(`?query=${query}&category=pages`)), query).toEqual([]);
    }
  });

  it("keeps pages and posts apart from the shop tabs, which answer empty lists without a match", async () => {
    expect(titles(await search("?query=cistoca&category=pages"))).toEqual(["Čistoća vozila"]);
    for (const category of ["products", "productCategories"]) {
      const res = await search(`?query=cistoca&category=${category}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        records: [],
        pagination: { page: 1, perPage: 10, limit: 10, total: 0, lastPage: 1, totalPages: 1, totalRecords: 0 },
      });
    }
  });

  it("leaves out drafts", async () => {
    expect(titles(await search("?query=skica&category=pages"))).toEqual([]);
  });

  it("searches the request language, falling back to hr only for posts without a translation", async () => {
    const en = (query: string) => search(`?query=${query}&category=posts`, { language: "en" });
    const fallback = await en("durdevacki");
    expect(fallback.body.data.records).toEqual([
      expect.objectContaining({ title: "Đurđevački sajam automobila", url: "/en/durdevacki-sajam" }),
    ]);
    expect(titles(await en("zimi"))).toEqual([]);
    const translated = await en("winter");
    expect(translated.body.data.records).toEqual([expect.objectContaining({ title: "Winter washing", url: "/en/winter-washing" })]);
    expect(titles(await search("?query=winter&category=posts"))).toEqual([]);
    expect(titles(await search("?query=spotless&category=pages", { language: "en" }))).toEqual(["Cleanliness of vehicles"]);
  });

  it("pages through the hits, newest first among equals", async () => {
    const first = await search("?query=vosak&category=posts&limit=5");
    expect(titles(first)).toEqual(["Vosak broj 12", "Vosak broj 11", "Vosak broj 10", "Vosak broj 9", "Vosak broj 8"]);
    expect(first.body.data.pagination).toEqual({ page: 1, perPage: 5, limit: 5, total: 12, lastPage: 3, totalPages: 3, totalRecords: 12 });
    const last = await search("?query=vosak&category=posts&limit=5&page=3");
    expect(titles(last)).toEqual(["Vosak broj 2", "Vosak broj 1"]);
    const past = await search("?query=vosak&category=posts&limit=5&page=4");
    expect(past.body.data.records).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({ page: 4, total: 12, lastPage: 3 });
  });

  it("follows every change to the content without any code asking (database triggers)", async () => {
    const id = await createPost("post", [{ lang: "hr", slug: "polirka", title: "Ručna polirka" }]);
    expect(titles(await search("?query=polirka&category=posts"))).toEqual(["Ručna polirka"]);
    await p.db.updateTable("post_translations").set({ title: "Strojna glačalica" }).where("post_id", "=", id).execute();
    expect(titles(await search("?query=polirka&category=posts"))).toEqual([]);
    expect(titles(await search("?query=glacalica&category=posts"))).toEqual(["Strojna glačalica"]);
    await p.db.updateTable("posts").set({ status: "draft" }).where("id", "=", id).execute();
    expect(titles(await search("?query=glacalica&category=posts"))).toEqual([]);
    await p.db.updateTable("posts").set({ status: "published" }).where("id", "=", id).execute();
    expect(titles(await search("?query=glacalica&category=posts"))).toEqual(["Strojna glačalica"]);
    await p.db.deleteFrom("posts").where("id", "=", id).execute();
    expect(titles(await search("?query=glacalica&category=posts"))).toEqual([]);
    const left = await p.db.selectFrom("search_documents").select("id").where("kind", "=", "post").execute();
    const translations = await p.db.selectFrom("post_translations").select("id").execute();
    expect(left.length).toBe(translations.length);
  });

  it("shows drafts to nobody, staff included", async () => {
    const admin = await p.createUser({ isBackoffice: true });
    const { accessToken } = await p.login(admin);
    const res = await p.call<SearchAnswer>("GET", "/api/v1/search?query=skica&category=pages", { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([]);
  });

  it("treats search-engine syntax in the query as plain words", async () => {
    for (const query of [
      '"',
      "*",
      "cistoca*",
      'NEAR(cistoca vozila) OR "x',
      "title:cistoca",
      "cistoca & !vozila | (",
      "-cistoca",
      "'; DROP TABLE posts; --",
    ]) {
      const res = await search(`?query=${encodeURIComponent(query)}&category=pages`);
      expect(res.status, query).toBe(200);
    }
    expect(titles(await search(`?query=${encodeURIComponent("title:cistoca")}&category=pages`))).toEqual([]);
    expect(titles(await search(`?query=${encodeURIComponent("(cistoca)")}&category=pages`))).toEqual(["Čistoća vozila"]);
  });

  it("refuses a missing, empty or too long query with a translated 400", async () => {
    const missing = await search("?category=pages");
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe("VALIDATION_ERROR");
    expect(missing.body.error?.payload.fields).toEqual([
      expect.objectContaining({ path: "query", key: "validation.required", message: "Unos ovog polja je obavezan" }),
    ]);
    expect((await search("?query=%20%20&category=pages")).status).toBe(400);
    const long = await search(`?query=${"a".repeat(101)}&category=pages`, { language: "en" });
    expect(long.status).toBe(400);
    expect(long.body.error?.payload.fields?.[0]).toMatchObject({ path: "query", key: "validation.maxLength", params: { length: 100 } });
    expect(long.body.error?.payload.fields?.[0]?.message).toMatch(/100/);
    expect((await search(`?query=${"a".repeat(100)}&category=pages`)).status).toBe(200);
  });

  it("refuses an unknown category and bad paging with 400", async () => {
    for (const query of [
      "category=events",
      "category=",
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=1001",
      "limit=0",
      "limit=101",
    ]) {
      const res = await search(`?query=cistoca&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error?.payload.fields?.[0]?.key, query).toBe("validation.invalid");
    }
  });
});

describe("GET /v1/search for products and product categories", () => {
  let shampoo = 0;
  let rims = 0;
  let care = 0;
  let vouchers = 0;

  beforeAll(async () => {
    shampoo = await insertProduct(p.db, {
      translations: [
        {
          lang: "hr",
          name: "Auto šampon s voskom",
          slug: "auto-sampon-s-voskom",
          shortDescription: "Šampon za ručno pranje.",
          description: "<p>Pjena koja <strong>čisti</strong> i štiti lak.</p>",
        },
        { lang: "en", name: "Car shampoo with wax", slug: "car-shampoo-with-wax" },
        { lang: "de", name: "Autoshampoo mit Wachs", slug: "autoshampoo-mit-wachs" },
      ],
      media: ["/images/shop/sampon-1.webp", "/images/shop/sampon-2.webp"],
      createdAt: "2025-03-01T10:00:00.000Z",
    });
    rims = await insertProduct(p.db, {
      translations: [{ lang: "hr", name: "Đurđevački šampon za felge", slug: "durdevacki-sampon-za-felge" }],
      createdAt: "2025-01-01T10:00:00.000Z",
    });
    await insertProduct(p.db, {
      translations: [
        {
          lang: "hr",
          name: "Mikrofiber krpa",
          slug: "mikrofiber-krpa-pretraga",
          description: "<p>Nakon pranja šamponom obrišite auto.</p>",
        },
      ],
    });
    await insertProduct(p.db, { archived: true, translations: [{ lang: "hr", name: "Stari šampon", slug: "stari-sampon" }] });
    await insertProduct(p.db, {
      visibleIndividually: false,
      translations: [{ lang: "hr", name: "Šampon limun 1 l", slug: "sampon-limun-1-l" }],
    });
    care = await insertCategory(p.db, {
      imageSrc: "/images/shop/njega.webp",
      translations: [
        { lang: "hr", name: "Njega vozila", slug: "njega-vozila", description: "Šamponi, voskovi i krpe za sjajan auto." },
        { lang: "en", name: "Car care", slug: "car-care", description: "Shampoos, waxes and cloths." },
        { lang: "de", name: "Autopflege", slug: "autopflege" },
      ],
    });
    vouchers = await insertCategory(p.db, { translations: [{ lang: "hr", name: "Poklon bonovi", slug: "poklon-bonovi" }] });
  });

  const products = (query: string, language?: string) => search(`?query=${encodeURIComponent(query)}&category=products`, { language });
  const categories = (query: string, language?: string) =>
    search(`?query=${encodeURIComponent(query)}&category=productCategories`, { language });

  it("finds products on sale whatever the case and diacritics, names above texts", async () => {
    for (const query of ["sampon", "ŠAMPON", "Šampon", "šampo"]) {
      const found = titles(await products(query));
      expect(found.slice(0, 2).sort(), query).toEqual(["Auto šampon s voskom", "Đurđevački šampon za felge"]);
      // Only the description of the cloth mentions shampoo: it comes last.
      expect(found[2], query).toBe("Mikrofiber krpa");
      expect(found, query).toHaveLength(3);
    }
    for (const query of ["durdevacki", "ĐURĐEVAČKI"]) expect(titles(await products(query)), query).toEqual(["Đurđevački šampon za felge"]);
  });

  it("answers each product with its id, product page url, first image and an excerpt", async () => {
    const res = await products("voskom");
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([
      {
        kind: "product",
        id: shampoo,
        title: "Auto šampon s voskom",
        url: "/product/auto-sampon-s-voskom",
        image: "/images/shop/sampon-1.webp",
        excerpt: "Šampon za ručno pranje. Pjena koja čisti i štiti lak.",
      },
    ]);
    expect(res.body.data.pagination).toMatchObject({ total: 1 });
    expect((await products("felge")).body.data.records[0]).toMatchObject({ id: rims, image: null });
  });

  it("searches the request language, linking to the localized product page, with hr as the fallback", async () => {
    expect((await products("wax", "en")).body.data.records).toEqual([
      expect.objectContaining({ title: "Car shampoo with wax", url: "/en/product/car-shampoo-with-wax" }),
    ]);
    expect((await products("wachs", "de")).body.data.records).toEqual([
      expect.objectContaining({ title: "Autoshampoo mit Wachs", url: "/de/produkt/autoshampoo-mit-wachs" }),
    ]);
    expect((await products("durdevacki", "en")).body.data.records).toEqual([
      expect.objectContaining({ title: "Đurđevački šampon za felge", url: "/en/product/durdevacki-sampon-za-felge" }),
    ]);
    // Translated into English: the Croatian words no longer find it there.
    expect(titles(await products("voskom", "en"))).toEqual([]);
    expect(titles(await products("wax"))).toEqual([]);
  });

  it("leaves out archived products, variants without a page and HTML tags", async () => {
    expect(titles(await products("stari"))).toEqual([]);
    expect(titles(await products("limun"))).toEqual([]);
    expect(titles(await products("strong"))).toEqual([]);
    expect(titles(await products("cisti"))).toEqual(["Auto šampon s voskom"]);
  });

  it("follows every change to a product without any code asking (database triggers)", async () => {
    const id = await insertProduct(p.db, { translations: [{ lang: "hr", name: "Ručna polirka za lak", slug: "rucna-polirka-za-lak" }] });
    expect(titles(await products("polirka"))).toEqual(["Ručna polirka za lak"]);
    await p.db.updateTable("product_translations").set({ name: "Strojna glačalica" }).where("product_id", "=", id).execute();
    expect(titles(await products("polirka"))).toEqual([]);
    expect(titles(await products("glacalica"))).toEqual(["Strojna glačalica"]);
    await p.db.updateTable("products").set({ archived: 1 }).where("id", "=", id).execute();
    expect(titles(await products("glacalica"))).toEqual([]);
    await p.db.updateTable("products").set({ archived: 0 }).where("id", "=", id).execute();
    expect(titles(await products("glacalica"))).toEqual(["Strojna glačalica"]);
    await p.db.deleteFrom("products").where("id", "=", id).execute();
    expect(titles(await products("glacalica"))).toEqual([]);
    const indexed = await p.db.selectFrom("search_documents").select("id").where("kind", "=", "product").execute();
    const translations = await p.db.selectFrom("product_translations").select("id").execute();
    expect(indexed.length).toBe(translations.length);
  });

  it("finds product categories by name and description, linking to their shop page", async () => {
    const res = await categories("njega");
    expect(res.body.data.records).toEqual([
      {
        kind: "productCategory",
        id: care,
        title: "Njega vozila",
        url: "/shop/njega-vozila",
        image: "/images/shop/njega.webp",
        excerpt: "Šamponi, voskovi i krpe za sjajan auto.",
      },
    ]);
    expect(titles(await categories("VOSKOVI"))).toEqual(["Njega vozila"]);
    expect((await categories("bonovi")).body.data.records).toEqual([
      expect.objectContaining({ id: vouchers, url: "/shop/poklon-bonovi", image: null, excerpt: "" }),
    ]);
    expect((await categories("care", "en")).body.data.records).toEqual([
      expect.objectContaining({ title: "Car care", url: "/en/shop/car-care" }),
    ]);
    expect((await categories("autopflege", "de")).body.data.records[0]?.url).toBe("/de/shop/autopflege");
    expect((await categories("poklon", "en")).body.data.records[0]?.url).toBe("/en/shop/poklon-bonovi");
    await p.db.updateTable("product_category_translations").set({ name: "Darovni bonovi" }).where("category_id", "=", vouchers).execute();
    expect(titles(await categories("darovni"))).toEqual(["Darovni bonovi"]);
  });

  it("keeps products and categories apart", async () => {
    expect(titles(await products("njega"))).toEqual([]);
    expect(titles(await categories("felge"))).toEqual([]);
    expect(titles(await search("?query=felge&category=pages"))).toEqual([]);
  });
});

describe("GET /v1/search/categories", () => {
  const categories = () => p.call<SearchCategoriesAnswer>("GET", "/api/v1/search/categories");
  const setCategories = async (value: string) => {
    const { accessToken } = await p.login(await p.createUser({ isBackoffice: true }));
    const res = await p.call("PUT", "/api/v1/option/SearchCategories", { token: accessToken, body: { value } });
    expect(res.status).toBe(200);
  };

  it("answers the default list while SearchCategories is unset", async () => {
    const res = await categories();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ categories: ["pages", "products", "posts", "productCategories"] });
  });

  it("answers the configured list in its order, without unknown names", async () => {
    await setCategories(" posts, pages,events ,posts");
    expect((await categories()).body.data).toEqual({ categories: ["posts", "pages"] });
  });

  it("answers no categories when the option names none", async () => {
    await setCategories("");
    expect((await categories()).body.data).toEqual({ categories: [] });
    await p.db.deleteFrom("cms_options").where("key", "=", "SearchCategories").execute();
  });
});
