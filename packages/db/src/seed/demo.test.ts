import {
  blockSchemas,
  blockTemplates,
  cookieOptionsSchema,
  footerOptionsSchema,
  headerOptionsSchema,
  LOCALES,
  matchLocalizedRoute,
  navigationHandles,
} from "@shop/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../create-db.ts";
import type { Database } from "../schema.ts";
import { createTestDb } from "../testing.ts";
import { DEMO_ASSETS } from "./assets.ts";
import { DEMO_MEMBER_CARD, type DemoCredentials, seedDemo } from "./demo.ts";

const TABLES: (keyof Database)[] = [
  "sites",
  "users",
  "addresses",
  "membership_cards",
  "cms_options",
  "languages",
  "countries",
  "navigations",
  "navigation_items",
  "elements",
  "posts",
  "post_translations",
];

const elementSchemas = {
  "header-section": headerOptionsSchema,
  "footer-section": footerOptionsSchema,
  "cookie-section": cookieOptionsSchema,
} as const;

let handle: Db;
let credentials: DemoCredentials | null;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await handle.db.selectFrom(table).select(sql<string | number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Collects every value under a key named `key` in a JSON-like tree. */
function collect(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) collect(v, key, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
}

beforeAll(async () => {
  handle = await createTestDb();
  credentials = await seedDemo(handle.db, { hashPassword: async (pw) => `hashed:${pw}` });
});

afterAll(async () => {
  await handle?.destroy();
});

describe("seedDemo", () => {
  it("returns fresh credentials and stores the users with hashed passwords", async () => {
    expect(credentials).not.toBeNull();
    expect(credentials?.admin.password.length).toBeGreaterThanOrEqual(8);
    expect(credentials?.customer.password).not.toBe(credentials?.admin.password);
    const users = await handle.db.selectFrom("users").selectAll().orderBy("id").execute();
    expect(users.map((u) => [u.email, u.is_backoffice])).toEqual([
      [credentials?.admin.email, 1],
      [credentials?.customer.email, 0],
    ]);
    expect(users[0]?.password_hash).toBe(`hashed:${credentials?.admin.password}`);
    const addresses = await handle.db.selectFrom("addresses").selectAll().execute();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]?.user_id).toBe(users[1]?.id);
  });

  it("issues the demo customer a membership card, so the demo shows membership prices", async () => {
    const cards = await handle.db.selectFrom("membership_cards").selectAll().execute();
    const customer = await handle.db.selectFrom("users").selectAll().where("is_backoffice", "=", 0).executeTakeFirstOrThrow();
    expect(cards).toEqual([expect.objectContaining({ barcode: DEMO_MEMBER_CARD, user_id: customer.id, revoked_at: null })]);
    expect(customer.member_card_barcode).toBe(DEMO_MEMBER_CARD);
  });

  it("does nothing and returns null when the site already exists", async () => {
    const before = await rowCounts();
    expect(await seedDemo(handle.db, { hashPassword: async (pw) => pw })).toBeNull();
    expect(await rowCounts()).toEqual(before);
  });

  it("writes the CMS options of SPEC §3", async () => {
    const rows = await handle.db.selectFrom("cms_options").select(["key", "value"]).execute();
    const options = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(options).toMatchObject({
      HomePageSlug: "pocetna",
      DefaultLanguage: "hr",
      AllowedLanguages: "hr,en,de",
      MaintenanceMode: "false",
      CanCommentOnBlog: "RegisteredUsers",
      NumberOfStars: "5",
      CmsVersion: "1.12.17",
      WwwPolicy: "no-www",
      EuProjectUrl: "/eu-projekt",
      AllowedCountries: "ALL",
      CartAddBehaviour: "2",
      SkipShippingStep: "false",
    });
    expect(JSON.parse(options.SiteMapOptions ?? "{}")).toEqual({ lastmod: true, hreflang: true, images: true });
    expect(DEMO_ASSETS[options.Logo ?? ""]).toBeDefined();
  });

  it("lists the languages with the duplicate ids for Burmese and Tibetan", async () => {
    const rows = await handle.db.selectFrom("languages").selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(79);
    for (const r of rows) {
      expect(r.code).toMatch(/^[a-z]{3}$/);
      expect(r.code2).toMatch(/^([a-z]{2})?$/);
    }
    const burmese = rows.filter((r) => r.name_eng === "Burmese");
    const tibetan = rows.filter((r) => r.name_eng === "Tibetan");
    expect(burmese).toHaveLength(2);
    expect(new Set(burmese.map((r) => r.id)).size).toBe(1);
    expect(tibetan).toHaveLength(2);
    expect(new Set(tibetan.map((r) => r.id)).size).toBe(1);
    expect(rows.find((r) => r.code === "hrv")).toMatchObject({ code2: "hr", name_hrv: "hrvatski" });
    expect(rows.some((r) => r.code2 === "")).toBe(true);
  });

  it("lists the countries with ISO numeric ids", async () => {
    const rows = await handle.db.selectFrom("countries").selectAll().execute();
    expect(rows.find((r) => r.code === "HR")).toEqual({
      id: 191,
      iso: "HRV",
      code: "HR",
      name_hr: "Hrvatska",
      name_en: "Croatia",
      name_de: "Kroatien",
    });
    for (const code of ["AT", "DE", "SI", "CH", "GB", "BA", "RS", "ME", "MK", "NO", "IS", "LI", "US"]) {
      expect(rows.map((r) => r.code)).toContain(code);
    }
    expect(new Set(rows.map((r) => r.iso)).size).toBe(rows.length);
  });

  it("stores header, footer and cookie elements of both variants in every language, passing their schemas", async () => {
    const rows = await handle.db.selectFrom("elements").selectAll().execute();
    expect(rows).toHaveLength(3 * 2 * LOCALES.length);
    for (const r of rows) {
      const schema = elementSchemas[r.handler as keyof typeof elementSchemas];
      expect(schema, r.handler).toBeDefined();
      const result = schema.safeParse(JSON.parse(r.options));
      expect(result.success, `${r.handler}/${r.variant}/${r.language_code}: ${result.error?.message}`).toBe(true);
      expect(JSON.parse(r.meta)).toBeTypeOf("object");
    }
    const headers = rows.filter((r) => r.handler === "header-section" && r.language_code === "hr");
    const logo = (variant: string) => JSON.parse(headers.find((r) => r.variant === variant)?.options ?? "{}").logo.src;
    expect(logo("default")).toBe("/logo.svg");
    expect(logo("carwash")).toBe("/logo-autopraonica.svg");
  });

  it("stores pages whose components all pass their schemas", async () => {
    const rows = await handle.db
      .selectFrom("post_translations as t")
      .innerJoin("posts as p", "p.id", "t.post_id")
      .select(["t.slug", "t.language_code", "t.components", "p.post_type", "p.status"])
      .where("p.post_type", "=", "page")
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(9 * LOCALES.length);
    for (const r of rows) {
      expect(r.post_type).toBe("page");
      expect(r.status).toBe("published");
      const components = JSON.parse(r.components) as { id: number; template: string; data: unknown }[];
      expect(components.length, r.slug).toBeGreaterThan(0);
      expect(new Set(components.map((c) => c.id)).size).toBe(components.length);
      for (const c of components) {
        expect(blockTemplates, `${r.language_code}/${r.slug}`).toContain(c.template);
        const result = blockSchemas[c.template as keyof typeof blockSchemas].safeParse(c.data);
        expect(result.success, `${r.language_code}/${r.slug}#${c.id} ${c.template}: ${result.error?.message}`).toBe(true);
      }
    }
    const slugs = (lang: string) => rows.filter((r) => r.language_code === lang).map((r) => r.slug);
    for (const lang of LOCALES) expect(slugs(lang)).toContain("pocetna");
    expect(slugs("hr")).toEqual(
      expect.arrayContaining(["autopraonica", "o-nama", "kontakt", "cjenik", "eu-projekt", "uvjeti-kupnje", "privatnost", "kolacici"]),
    );
    expect(slugs("en")).toEqual(expect.arrayContaining(["car-wash", "about", "contact", "price-list", "eu-project"]));
  });

  it("has the main and footer navigations in every language, with the Usluge dropdown", async () => {
    const navs = await handle.db.selectFrom("navigations").selectAll().execute();
    for (const lang of LOCALES) {
      for (const h of navigationHandles)
        expect(
          navs.some((n) => n.handle === h && n.language_code === lang),
          `${h}/${lang}`,
        ).toBe(true);
    }
    const mainHr = navs.find((n) => n.handle === "main" && n.language_code === "hr");
    const items = await handle.db
      .selectFrom("navigation_items")
      .selectAll()
      .where("navigation_id", "=", mainHr?.id ?? -1)
      .execute();
    const services = items.find((i) => i.title === "Usluge");
    expect(services).toMatchObject({ type: "linkless", url: null, parent_id: null });
    expect(
      items
        .filter((i) => i.parent_id === services?.id)
        .sort((a, b) => a.position - b.position)
        .map((i) => i.url),
    ).toEqual(["/cjenik", "/autopraonica"]);
  });

  it("links only to existing pages, known routes or external URLs", async () => {
    const pages = await handle.db.selectFrom("post_translations").select(["language_code", "slug"]).execute();
    const pageSet = new Set(pages.map((p) => `${p.language_code}:${p.slug}`));
    const navItems = await handle.db
      .selectFrom("navigation_items as i")
      .innerJoin("navigations as n", "n.id", "i.navigation_id")
      .select(["i.url", "n.language_code"])
      .execute();
    const elements = await handle.db.selectFrom("elements").select(["options", "language_code"]).execute();
    const translations = await handle.db.selectFrom("post_translations").select(["components", "language_code"]).execute();
    const links: { href: string; lang: string }[] = [
      ...navItems.flatMap((i) => (i.url ? [{ href: i.url, lang: i.language_code }] : [])),
      ...[
        ...elements.map((e) => ({ json: e.options, lang: e.language_code })),
        ...translations.map((t) => ({ json: t.components, lang: t.language_code })),
      ].flatMap(({ json, lang }) => {
        const tree = JSON.parse(json);
        const inHtml = collect(tree, "html").flatMap((html) => [...String(html).matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? ""));
        return [...collect(tree, "href"), ...inHtml].map((href) => ({ href: String(href), lang }));
      }),
    ];
    expect(links.length).toBeGreaterThan(100);
    for (const { href, lang } of links) {
      if (/^(https:\/\/|mailto:|tel:)/.test(href)) continue;
      const match = matchLocalizedRoute(href);
      expect(match, href).toBeDefined();
      expect(match?.locale, href).toBe(lang);
      if (match?.name === "content" && match.params.slug) expect(pageSet.has(`${lang}:${match.params.slug}`), `${lang} ${href}`).toBe(true);
    }
  });

  it("refers only to images that the demo assets provide", async () => {
    const elements = await handle.db.selectFrom("elements").select("options").execute();
    const translations = await handle.db.selectFrom("post_translations").select("components").execute();
    const srcs = [...elements.map((e) => e.options), ...translations.map((t) => t.components)].flatMap((json) =>
      collect(JSON.parse(json), "src"),
    );
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(DEMO_ASSETS[String(src)], String(src)).toMatch(/^<svg [^>]*width="\d+" height="\d+"/);
  });

  it("seeds the demo catalog of the issue 4 facts", async () => {
    const db = handle.db;
    const categories = await db.selectFrom("product_category_translations").select(["language_code", "slug"]).execute();
    for (const [lang, slugs] of Object.entries({
      hr: ["njega-vozila", "poklon-bonovi", "programi-pranja", "paketi"],
      en: ["car-care", "gift-vouchers", "wash-programmes", "kits"],
      de: ["autopflege", "gutscheine", "waschprogramme", "pakete"],
    })) {
      expect(categories.filter((c) => c.language_code === lang).map((c) => c.slug)).toEqual(expect.arrayContaining(slugs));
    }
    const attributes = await db.selectFrom("attributes").select(["code", "input_type"]).execute();
    expect(Object.fromEntries(attributes.map((a) => [a.code, a.input_type]))).toMatchObject({
      miris: "VisualSwatch",
      volumen: "TextSwatch",
      brand: "Dropdown",
      namjena: "MultiSelect",
      ekoloski: "YesNo",
      datum_dolaska: "Date",
      zapremina_ml: "Number",
    });
    expect(new Set(attributes.map((a) => a.input_type)).size).toBe(8);

    const products = await db
      .selectFrom("products as p")
      .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.language_code", "=", "hr"))
      .selectAll("p")
      .select("t.slug")
      .execute();
    const bySlug = new Map(products.map((p) => [p.slug, p]));
    const visible = products.filter((p) => p.visible_individually === 1);
    expect(visible.length).toBeGreaterThanOrEqual(20);
    expect(await db.selectFrom("product_translations").select("id").execute()).toHaveLength(products.length * 3);

    const shampoo = bySlug.get("auto-sampon");
    expect(shampoo?.format).toBe("configurable");
    const variants = products.filter((p) => p.parent_id === shampoo?.id);
    expect(variants).toHaveLength(6);
    for (const v of variants) expect(v.visible_individually).toBe(0);
    const defaults = await db
      .selectFrom("configurable_attributes")
      .selectAll()
      .where("product_id", "=", shampoo?.id ?? -1)
      .execute();
    expect(defaults.map((d) => d.default_value_id)).not.toContain(null);

    const kit = bySlug.get("paket-njege");
    expect(kit?.format).toBe("bundle");
    const parts = await db
      .selectFrom("bundle_parts")
      .select("part_id")
      .where("bundle_id", "=", kit?.id ?? -1)
      .execute();
    expect(parts.map((x) => x.part_id)).toContain(shampoo?.id);

    expect(bySlug.get("mikrofiber-krpa")?.stock).toBe(2);
    for (const amount of [20, 50, 100]) {
      expect(bySlug.get(`poklon-bon-${amount}`)).toMatchObject({ format: "EProduct", stock: null, retail_cents: amount * 100 });
    }
    expect(bySlug.get("osnovno-pranje")).toMatchObject({ format: "simple", stock: null, retail_cents: 900 });
    expect(products.filter((p) => p.archived === 1)).toHaveLength(1);
    expect(visible.filter((p) => p.featured === 1).length).toBeGreaterThanOrEqual(3);
    expect(visible.filter((p) => p.discount_cents !== null).length).toBeGreaterThanOrEqual(2);
    expect(visible.filter((p) => p.membership_cents !== null).length).toBeGreaterThanOrEqual(2);

    const options = await db
      .selectFrom("custom_options as o")
      .innerJoin("custom_option_translations as t", "t.option_id", "o.id")
      .select(["o.option_type", "t.title"])
      .where("t.language_code", "=", "hr")
      .execute();
    expect(options.map((o) => o.option_type)).toEqual(expect.arrayContaining(["text", "number"]));
    expect(options.map((o) => o.title)).toContain("Personalizirana poruka");
    expect(await db.selectFrom("coupons").selectAll().where("code", "=", "DOBRODOSLI10").executeTakeFirst()).toMatchObject({
      kind: "percent",
      value: 10,
      active: 1,
    });

    const media = await db.selectFrom("product_media").select(["src", "product_id"]).execute();
    const images = await db.selectFrom("product_categories").select("image_src").execute();
    for (const src of [...media.map((m) => m.src), ...images.map((i) => i.image_src ?? "")]) {
      expect(DEMO_ASSETS[src], src).toMatch(/^<svg /);
    }
    const withMedia = new Set(media.map((m) => m.product_id));
    expect(products.filter((p) => !withMedia.has(p.id)).map((p) => p.slug)).toEqual([]);
  });
});
