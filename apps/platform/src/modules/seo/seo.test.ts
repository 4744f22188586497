import type { SitemapAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, insertPost, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";
import { insertCategory, insertProduct } from "../catalog/catalog.fixtures.ts";
import { insertTerm } from "../cms/cms.fixtures.ts";
import { openingHoursText, parseOpeningHours, parseOpeningHoursText } from "./opening-hours.ts";
import { postalAddress } from "./seo.service.ts";

let p: TestPlatform;

async function setOption(key: string, value: string | null) {
  await p.db.deleteFrom("cms_options").where("key", "=", key).execute();
  if (value !== null) await p.db.insertInto("cms_options").values({ key, value, media_id: null }).execute();
}

async function createPost(
  type: string,
  status: "draft" | "published",
  translations: { lang: string; slug: string; components?: unknown[]; body?: string; cover?: string }[],
  times = { published: "2025-03-01T10:00:00.000Z", updated: "2025-03-05T12:30:00.000Z" },
) {
  return insertPost(p.db, {
    type,
    status,
    publishedAt: times.published,
    updatedAt: times.updated,
    translations: translations.map((t) => ({ ...t, title: t.slug, image: t.cover })),
  });
}

async function createEvent(status: "draft" | "published", languages: string[]) {
  const event = await p.db
    .insertInto("events")
    .values({
      status,
      starts_at: "2025-06-01T08:00:00.000Z",
      ends_at: "2025-06-01T16:00:00.000Z",
      image_src: "/media/1/5/MediumSize/dan-otvorenih-vrata.webp/aa",
      image_width: 800,
      image_height: 600,
      created_at: "2025-04-01T08:00:00.000Z",
      updated_at: "2025-04-02T08:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const lang of languages) {
    await p.db
      .insertInto("event_translations")
      .values({
        event_id: event.id,
        language_code: lang,
        slug: `dogadaj-${lang}`,
        title: "Dan otvorenih vrata",
        description: "<p>Dođite.</p>",
        location_name: "Jankomir",
        location_address: "Jankomir 31, 10090 Zagreb",
        image_alt: "",
      })
      .execute();
  }
  return event.id;
}

const HR_LOCATIONS = {
  id: 2,
  template: "locations",
  data: {
    title: "Naše lokacije",
    items: [
      {
        name: "Zagreb – Jankomir",
        address: "Jankomir 31, 10090 Zagreb",
        phone: "+385 1 5550 101",
        email: "jankomir@autopraonica-zagreb.hr",
        hours: [
          { days: "Ponedjeljak – petak", time: "07:00 – 20:00" },
          { days: "Subota", time: "Zatvoreno" },
        ],
      },
      {
        name: "Velika Gorica",
        address: "Zagrebačka ulica 88, 10410 Velika Gorica",
        phone: "+385 1 5550 103",
        hours: [{ days: "Ponedjeljak – subota", time: "8:00 – 18:00" }],
      },
    ],
  },
};

let eventId = 0;

beforeAll(async () => {
  p = await createTestPlatform();
  await createPost("page", "published", [
    {
      lang: "hr",
      slug: "pocetna",
      components: [
        { id: 1, template: "hero", data: { title: "Dobrodošli", image: { src: "/media/1/1/MediumSize/hero.webp/h1", alt: "" } } },
      ],
    },
    { lang: "en", slug: "pocetna" },
    { lang: "de", slug: "pocetna" },
  ]);
  await createPost("page", "published", [
    { lang: "hr", slug: "kontakt", components: [HR_LOCATIONS] },
    { lang: "en", slug: "contact" },
  ]);
  await createPost("page", "draft", [{ lang: "hr", slug: "skica" }]);
  await createPost("faq", "published", [{ lang: "hr", slug: "pitanje" }]);
  await createPost(
    "post",
    "published",
    [
      {
        lang: "hr",
        slug: "savjeti-za-zimu",
        cover: "/media/1/3/MediumSize/zima.webp/z1",
        body: '<p>Tekst</p><img src="https://cdn.example.com/sol.jpg" alt="">',
      },
    ],
    { published: "2025-05-01T10:00:00.000Z", updated: "2025-04-01T10:00:00.000Z" },
  );
  eventId = await createEvent("published", ["hr", "en"]);
  await createEvent("draft", ["hr"]);
});
afterAll(() => p.close());

describe("GET /v1/sitemap/entries", () => {
  const entries = () => p.call<SitemapAnswer>("GET", "/api/v1/sitemap/entries");

  it("lists published pages (home first), posts and events with their path in each language", async () => {
    const res = await entries();
    expect(res.status).toBe(200);
    expect(res.body.data.defaultLanguage).toBe("hr");
    const content = res.body.data.entries.filter((e) => ["page", "post", "event"].includes(e.kind));
    expect(content.map((e) => [e.kind, e.paths])).toEqual([
      ["page", { hr: "/", en: "/en", de: "/de" }],
      ["page", { hr: "/kontakt", en: "/en/contact" }],
      ["post", { hr: "/savjeti-za-zimu" }],
      ["event", { hr: `/dogadjaj/${eventId}`, en: `/en/event/${eventId}` }],
    ]);
  });

  it("lists the shop, its categories, products with a page of their own and the blog's categories", async () => {
    const categoryId = await insertCategory(p.db, { slug: "kozmetika", name: "Kozmetika" });
    const shown = await insertProduct(p.db, {
      sku: "SITEMAP-1",
      name: "Vosak",
      slug: "vosak",
      retailCents: 990,
      categoryIds: [categoryId],
    });
    await insertProduct(p.db, { sku: "SITEMAP-2", name: "Stari vosak", slug: "stari-vosak", retailCents: 990, archived: true });
    await p.db
      .insertInto("product_media")
      .values({ product_id: shown, position: 0, src: "/media/1/9/MediumSize/vosak.webp/v1", width: 800, height: 800, alt: "" })
      .execute();
    await insertTerm(p, [
      { lang: "hr", slug: "savjeti", title: "Savjeti" },
      { lang: "en", slug: "tips", title: "Tips" },
    ]);
    const listed = (await entries()).body.data.entries;
    const of = (kind: string) => listed.filter((e) => e.kind === kind).map((e) => e.paths);
    expect(of("productCategory")).toEqual([
      { hr: "/shop", en: "/en/shop", de: "/de/shop" },
      { hr: "/kategorije", en: "/en/categories", de: "/de/kategorien" },
      { hr: "/shop/kozmetika", en: "/en/shop/kozmetika-en", de: "/de/shop/kozmetika-de" },
    ]);
    const products = listed.filter((e) => e.kind === "product");
    expect(products.map((e) => e.paths.hr)).toEqual(["/product/vosak"]);
    expect(products[0]?.paths.de).toMatch(/^\/de\/produkt\/vosak-de-/);
    expect(products[0]?.images).toEqual(["/media/1/9/MediumSize/vosak.webp/v1"]);
    expect(products[0]?.lastmod).toBeTruthy();
    expect(of("postCategory")).toEqual([{ hr: "/objave/savjeti", en: "/en/blog/tips" }]);
  });

  it("dates each entry by its last change and lists its images", async () => {
    const [home, , post, event] = (await entries()).body.data.entries.filter((e) => ["page", "post", "event"].includes(e.kind));
    expect(home).toMatchObject({ lastmod: "2025-03-05T12:30:00.000Z", images: ["/media/1/1/MediumSize/hero.webp/h1"] });
    // Published after its last edit: the publication is the last change.
    expect(post).toMatchObject({
      lastmod: "2025-05-01T10:00:00.000Z",
      images: ["/media/1/3/MediumSize/zima.webp/z1", "https://cdn.example.com/sol.jpg"],
    });
    expect(event).toMatchObject({ lastmod: "2025-04-02T08:00:00.000Z", images: ["/media/1/5/MediumSize/dan-otvorenih-vrata.webp/aa"] });
  });

  it("answers SiteMapOptions, all on when unset or unreadable", async () => {
    expect((await entries()).body.data.options).toEqual({ lastmod: true, hreflang: true, images: true });
    await setOption("SiteMapOptions", JSON.stringify({ lastmod: true, hreflang: false, images: false }));
    expect((await entries()).body.data.options).toEqual({ lastmod: true, hreflang: false, images: false });
    await setOption("SiteMapOptions", "{not json");
    expect((await entries()).body.data.options).toEqual({ lastmod: true, hreflang: true, images: true });
    await setOption("SiteMapOptions", null);
  });

  it("keeps to the allowed languages", async () => {
    await setOption("AllowedLanguages", "hr,en");
    const res = await entries();
    expect(res.body.data.entries[0]?.paths).toEqual({ hr: "/", en: "/en" });
    await setOption("AllowedLanguages", null);
  });

  it("answers 404 when the site owner turned the sitemap off", async () => {
    await setOption("AutoGenerateSiteMap", "false");
    const res = await entries();
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("NOT_FOUND");
    await setOption("AutoGenerateSiteMap", "true");
    expect((await entries()).status).toBe(200);
  });

  it("lists nothing unpublished, also for staff", async () => {
    const { accessToken } = await p.login(await p.createUser({ isBackoffice: true }));
    const res = await p.call<SitemapAnswer>("GET", "/api/v1/sitemap/entries", { token: accessToken });
    const paths = res.body.data.entries.flatMap((e) => Object.values(e.paths));
    expect(paths).not.toContain("/skica");
    expect(paths).not.toContain("/pitanje");
    expect(res.body.data.entries.filter((e) => e.kind === "event")).toHaveLength(1);
  });

  it("refuses a call without an apiKey", async () => {
    expect((await p.call("GET", "/api/v1/sitemap/entries", { apiKey: null })).status).toBe(401);
  });
});

describe("GET /v1/seo/localBusiness", () => {
  const business = (language?: string) => p.call<Record<string, unknown>>("GET", "/api/v1/seo/localBusiness", { language });

  it("describes the business from the CMS options, with each branch as a department", async () => {
    await setOption("ContactAddress", "Jankomir 31, 10090 Zagreb");
    await setOption("ContactPhone", "+385 1 5550 100");
    await setOption("ContactEmail", "info@autopraonica-zagreb.hr");
    await setOption("OpeningHours", "Ponedjeljak – petak 07:00 – 20:00; subota i nedjelja zatvoreno");
    await setOption("Logo", "/logo.svg");
    const res = await business();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      "@type": "AutoWash",
      "@id": `${PUBLIC_URL}/#business`,
      name: p.siteName,
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/logo.svg`,
      image: `${PUBLIC_URL}/logo.svg`,
      telephone: "+385 1 5550 100",
      email: "info@autopraonica-zagreb.hr",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Jankomir 31",
        postalCode: "10090",
        addressLocality: "Zagreb",
        addressCountry: "HR",
      },
      openingHours: ["Mo-Fr 07:00-20:00"],
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "07:00",
          closes: "20:00",
        },
      ],
      department: [
        expect.objectContaining({
          "@type": "AutoWash",
          name: `${p.siteName}, Zagreb – Jankomir`,
          telephone: "+385 1 5550 101",
          email: "jankomir@autopraonica-zagreb.hr",
          address: expect.objectContaining({ streetAddress: "Jankomir 31", postalCode: "10090" }),
          openingHours: ["Mo-Fr 07:00-20:00"],
        }),
        expect.objectContaining({
          name: `${p.siteName}, Velika Gorica`,
          address: expect.objectContaining({ streetAddress: "Zagrebačka ulica 88", addressLocality: "Velika Gorica" }),
          openingHours: ["Mo-Sa 08:00-18:00"],
        }),
      ],
    });
  });

  it("links the language's home page and falls back to the Croatian branches", async () => {
    const res = await business("en");
    expect(res.body.data).toMatchObject({ url: `${PUBLIC_URL}/en` });
    expect(res.body.data.department).toHaveLength(2);
  });
});

describe("opening hours", () => {
  it("reads day ranges, lists and times in hr, en and de", () => {
    expect(parseOpeningHoursText("Ponedjeljak – petak 07:00 – 20:00; subota i nedjelja zatvoreno").map(openingHoursText)).toEqual([
      "Mo-Fr 07:00-20:00",
    ]);
    expect(parseOpeningHoursText("Monday to Friday 7:00–20:00\nSaturday, Sunday 9.00 - 14.00").map(openingHoursText)).toEqual([
      "Mo-Fr 07:00-20:00",
      "Sa-Su 09:00-14:00",
    ]);
    expect(parseOpeningHours("Montag bis Freitag", "07:00 – 20:00")?.dayOfWeek).toHaveLength(5);
    expect(parseOpeningHours("od ponedjeljka do petka", "07:00 do 20:00")?.dayOfWeek).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
    ]);
    expect(parseOpeningHours("Pon, sri, pet", "10:00 – 12:00")?.dayOfWeek).toEqual(["Monday", "Wednesday", "Friday"]);
    expect(openingHoursText(parseOpeningHours("Pon, uto, čet", "10:00 – 12:00") ?? ({} as never))).toBe("Mo-Tu,Th 10:00-12:00");
  });

  it("gives nothing for closed days, missing days or impossible times", () => {
    expect(parseOpeningHours("Subota", "Zatvoreno")).toBeNull();
    expect(parseOpeningHours("Uvijek", "07:00 – 20:00")).toBeNull();
    expect(parseOpeningHours("Petak", "25:00 – 26:00")).toBeNull();
  });
});

describe("postal addresses", () => {
  it("splits street, postal code and town, dropping a trailing country", () => {
    expect(postalAddress("Avenija Dubrava 214, 10040 Zagreb, Hrvatska")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Avenija Dubrava 214",
      postalCode: "10040",
      addressLocality: "Zagreb",
      addressCountry: "HR",
    });
    expect(postalAddress("Negdje u Zagrebu")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Negdje u Zagrebu",
      addressCountry: "HR",
    });
  });
});
