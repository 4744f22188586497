import type { EditablePage, ElementView } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertPost } from "./cms.fixtures.ts";

/**
 * Every stored link and picture of pages, posts and the layout elements follows the menus' rule
 * (safe-links.ts): an unsafe address is refused on save, naming the field in the caller's language.
 */

let p: TestPlatform;
let ana: string;
let pageId: number;

const UNSAFE = [
  "javascript:alert(1)",
  " JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example",
  "/\\evil.example",
];
const DOCUMENT = `/media/1/3b0c8c1e-0f7e-4c59-9a51-1d7e2f3a4b5c/MediumSize/cjenik.pdf/${"a".repeat(64)}`;

beforeAll(async () => {
  p = await createTestPlatform();
  ana = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
  pageId = await insertPost(p, {
    type: "page",
    translations: [
      { lang: "hr", slug: "sigurne-poveznice", title: "Poveznice", components: [{ id: 1, template: "hero", data: { title: "X" } }] },
    ],
  });
});
afterAll(() => p.close());

const saveDraft = (components: unknown[], language = "en") =>
  p.call<EditablePage>("PUT", `/api/v1/editor/page/${pageId}/draft`, {
    body: { baseVersion: 0, slug: "sigurne-poveznice", title: "Poveznice", components },
    token: ana,
    language,
  });

const image = (src: string) => ({ src, alt: "Slika" });
/** Each link and picture field of the blocks, with the address put in it, and the field's path. */
const blockFields = (address: string) => [
  { component: { template: "hero", data: { title: "A", cta: { label: "Cjenik", href: address } } }, path: "components.0.data.cta.href" },
  { component: { template: "hero", data: { title: "A", image: image(address) } }, path: "components.0.data.image.src" },
  {
    component: { template: "gallery", data: { images: [image("/samples/dark.svg"), image(address)] } },
    path: "components.0.data.images.1.src",
  },
  {
    component: { template: "imageText", data: { title: "A", html: "<p>x</p>", image: image(address) } },
    path: "components.0.data.image.src",
  },
  { component: { template: "euNotice", data: { text: "EU", link: { label: "EU", href: address } } }, path: "components.0.data.link.href" },
  {
    component: { template: "latestPosts", data: { title: "Novo", link: { label: "Sve", href: address } } },
    path: "components.0.data.link.href",
  },
];

const footer = (over: Record<string, unknown>) => ({
  logo: image("/logo.svg"),
  description: "Autopraonica",
  items: [],
  openingHours: [],
  links: [],
  euNotice: { text: "EU", link: { label: "EU", href: "https://planoporavka.gov.hr" } },
  copyright: "©",
  ...over,
});
/** Each link and picture field of the header, footer and cookie elements. */
const elementFields = (address: string) => [
  { handler: "header-section", options: { logo: image(address) }, path: "options.logo.src" },
  {
    handler: "header-section",
    options: { logo: image("/logo.svg"), ctaLink: { label: "Termin", href: address } },
    path: "options.ctaLink.href",
  },
  { handler: "footer-section", options: footer({ logo: image(address) }), path: "options.logo.src" },
  { handler: "footer-section", options: footer({ links: [{ label: "Uvjeti", href: address }] }), path: "options.links.0.href" },
  {
    handler: "footer-section",
    options: footer({ euNotice: { text: "EU", link: { label: "EU", href: address }, image: image("/logo.svg") } }),
    path: "options.euNotice.link.href",
  },
  {
    handler: "cookie-section",
    options: { text: "Kolačići", acceptLabel: "U redu", policyLink: { label: "Više", href: address } },
    path: "options.policyLink.href",
  },
];

describe("links and pictures of page blocks", () => {
  it("refuses an unsafe address in every link and picture field, naming it in the caller's language", async () => {
    const en = translator("en");
    for (const address of UNSAFE) {
      for (const { component, path } of blockFields(address)) {
        const res = await saveDraft([component]);
        expect(res.status, `${path} ${JSON.stringify(address)}`).toBe(400);
        expect(res.body.error?.payload.fields, `${path} ${JSON.stringify(address)}`).toEqual([
          expect.objectContaining({ path, message: en("validation.invalid") }),
        ]);
      }
    }
    const hr = await saveDraft([blockFields("javascript:alert(1)")[0]?.component], "hr");
    expect(hr.body.error?.payload.fields?.[0]?.message).toBe(translator("hr")("validation.invalid"));
    // Nothing was kept.
    expect((await p.call<EditablePage>("GET", `/api/v1/editor/page/${pageId}`, { token: ana })).body.data.draft).toBeNull();
  });

  it("keeps paths, documents, anchors, web addresses, mailto: and tel:", async () => {
    const links = [
      "/kontakt?part=karta",
      DOCUMENT,
      "#cjenik",
      "https://planoporavka.gov.hr",
      "mailto:info@autopraonica.hr",
      "tel:+38510000000",
    ];
    const res = await saveDraft(
      links.map((href) => ({ template: "hero", data: { title: "A", cta: { label: "L", href }, image: image(DOCUMENT) } })),
    );
    expect(res.status).toBe(200);
  });

  it("refuses an unsafe picture of a post", async () => {
    const res = await p.call("POST", "/api/v1/post/create", {
      body: { translations: [{ language: "hr", slug: "losa-slika", title: "Loša slika", image: image("javascript:alert(1)") }] },
      token: ana,
      language: "en",
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("translations.0.image.src");
  });
});

describe("links and pictures of the header, footer and cookie elements", () => {
  it("refuses an unsafe address in each, on create and on update, and keeps the element as it was", async () => {
    const created: Record<string, number> = {};
    for (const handler of ["header-section", "footer-section", "cookie-section"]) {
      const good = elementFields("/kontakt").find((f) => f.handler === handler);
      const res = await p.call<ElementView>("POST", "/api/v1/element/create", {
        body: { handler, language: "de", title: handler, options: good?.options },
        token: ana,
      });
      expect(res.status, handler).toBe(200);
      created[handler] = res.body.data.id;
    }
    for (const address of UNSAFE) {
      for (const { handler, options, path } of elementFields(address)) {
        const label = `${handler} ${path} ${JSON.stringify(address)}`;
        const create = await p.call("POST", "/api/v1/element/create", {
          body: { handler, language: "en", title: "X", options },
          token: ana,
        });
        expect(create.status, label).toBe(400);
        expect(create.body.error?.payload.fields?.[0]?.path, label).toBe(path);
        const update = await p.call("PATCH", `/api/v1/element/update/${created[handler]}`, {
          body: { options },
          token: ana,
          language: "en",
        });
        expect(update.status, label).toBe(400);
        expect(update.body.error?.payload.fields?.[0]).toMatchObject({ path, message: translator("en")("validation.invalid") });
      }
    }
    const header = await p.call<ElementView[]>("POST", "/api/v1/element/getByHandlers", {
      body: { handlers: ["header-section"] },
      language: "de",
    });
    expect(JSON.stringify(header.body.data)).not.toMatch(/script|evil/);
  });
});

describe("links of the menus", () => {
  it("follow the same rule: mailto:, tel:, anchors and documents are kept, unsafe addresses refused", async () => {
    const save = (url: string) =>
      p.call("PUT", "/api/v1/navigation/tree/footer4", {
        body: { baseVersion: 0, items: [{ title: "X", type: "link", url }] },
        token: ana,
        language: "de",
      });
    for (const url of ["mailto:info@autopraonica.hr", "tel:+38510000000", "#kontakt", DOCUMENT]) {
      const res = await save(url);
      expect(res.status, url).toBe(200);
      await p.db.deleteFrom("navigation_items").execute();
      await p.db.deleteFrom("navigations").where("language_code", "=", "de").execute();
    }
    for (const url of UNSAFE) expect((await save(url)).status, url).toBe(400);
  });
});
