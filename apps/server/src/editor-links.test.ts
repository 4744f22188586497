import { BLOCK_SAMPLES, type EditablePage, type ElementView, SYSTEM_ROUTES } from "@shop/contracts";
import { translator } from "@shop/i18n";
import type { EditorResult } from "@shop/storefront/app/features/editor/editor-calls.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffWith } from "./staff-login.test-support.ts";
import { createTestShop, type TestShop } from "./testing.ts";

/**
 * The in-page editor's saves through the storefront (SYSTEM_ROUTES.editorCall): an unsafe link or
 * picture in a block or an element is refused with the platform's field message in the page's
 * language, and nothing is kept (safe-links.ts).
 */

let shop: TestShop;
let cookie: string;

beforeAll(async () => {
  shop = await createTestShop();
  cookie = await staffWith(shop, ["content"]);
});
afterAll(() => shop.stop());

async function call<T>(name: string, locale: string, input: unknown): Promise<{ status: number; answer: EditorResult<T> }> {
  const res = await shop.app.request(SYSTEM_ROUTES.editorCall, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie, accept: "application/json" },
    body: new URLSearchParams({ call: name, locale, input: JSON.stringify(input) }).toString(),
  });
  return { status: res.status, answer: (await res.json()) as EditorResult<T> };
}

describe("the editor's saves through the storefront", () => {
  it("refuses a block's javascript: link and data: picture in the page's language, keeping no draft", async () => {
    const page = await call<EditablePage>("pageEditor.decide", "en", { query: { params: "contact" } });
    if (!page.answer.ok) throw new Error(page.answer.message);
    const id = page.answer.data.id;
    for (const [locale, component, path] of [
      ["en", { template: "hero", data: { title: "Contact", cta: { label: "Go", href: "javascript:alert(document.cookie)" } } }, "cta.href"],
      [
        "hr",
        { template: "hero", data: { title: "Kontakt", image: { src: "data:image/svg+xml,<svg onload=alert(1)>", alt: "" } } },
        "image.src",
      ],
    ] as const) {
      const saved = await call("pageEditor.saveDraft", locale, {
        params: { id },
        body: { baseVersion: 0, slug: locale === "en" ? "contact" : "kontakt", title: "Kontakt", components: [component] },
      });
      expect(saved.status, path).toBe(400);
      expect(saved.answer.ok ? [] : saved.answer.fields, path).toEqual([
        { path: `components.0.data.${path}`, message: translator(locale)("validation.invalid") },
      ]);
    }
    const after = await call<EditablePage>("pageEditor.getPage", "en", { params: { id } });
    expect(after.answer.ok && after.answer.data.draft).toBeNull();
  });

  it("refuses a header's unsafe link and a footer's unsafe logo, keeping the element as it was", async () => {
    const found = await call<ElementView[]>("cms.getByHandlers", "de", { body: { handlers: ["header-section", "footer-section"] } });
    if (!found.answer.ok) throw new Error(found.answer.message);
    for (const element of found.answer.data) {
      const options =
        element.handler === "header-section"
          ? { ...element.options, ctaLink: { label: "Termin", href: "vbscript:msgbox(1)" } }
          : { ...element.options, logo: { src: "//evil.example/logo.svg", alt: "Logo" } };
      const saved = await call("cms.updateElement", "de", { params: { id: element.id }, body: { options, baseVersion: element.version } });
      expect(saved.status, element.handler).toBe(400);
      expect(saved.answer.ok ? [] : saved.answer.fields?.map((f) => f.message), element.handler).toEqual([
        translator("de")("validation.invalid"),
      ]);
    }
    const again = await call<ElementView[]>("cms.getByHandlers", "de", { body: { handlers: ["header-section", "footer-section"] } });
    expect(again.answer.ok && again.answer.data.map((e) => e.version)).toEqual(found.answer.data.map((e) => e.version));
  });

  it("publishes a link to a document of the library, which the page shows as a plain link to it", async () => {
    const document = `/media/1/3b0c8c1e-0f7e-4c59-9a51-1d7e2f3a4b5c/MediumSize/cjenik.pdf/${"a".repeat(64)}`;
    const page = await call<EditablePage>("pageEditor.decide", "hr", { query: { params: "cjenik" } });
    if (!page.answer.ok) throw new Error(page.answer.message);
    const id = page.answer.data.id;
    const hero = { template: "hero", data: { title: "Cjenik", cta: { label: "Cjenik u PDF-u", href: document } } };
    const saved = await call<EditablePage>("pageEditor.saveDraft", "hr", {
      params: { id },
      body: { baseVersion: 0, slug: "cjenik", title: "Cjenik", components: [hero] },
    });
    if (!saved.answer.ok) throw new Error(saved.answer.message);
    const published = await call("pageEditor.publish", "hr", { params: { id }, body: { draftVersion: saved.answer.data.draft?.version } });
    expect(published.status).toBe(200);
    const html = await (await shop.get("/cjenik")).text();
    const cta = /<a [^>]*>Cjenik u PDF-u<\/a>/.exec(html)?.[0];
    expect(cta).toContain(`href="${document}"`);
    // A file, not a page: the browser's own navigation (no client-side route for it).
    expect(cta).not.toContain("data-discover");
  });

  it("starts new blocks with pictures that are files of the site, never data: addresses", async () => {
    const sources = JSON.stringify(BLOCK_SAMPLES).match(/"src":"[^"]*"/g) ?? [];
    expect(sources.length).toBeGreaterThan(0);
    for (const src of new Set(sources.map((s) => s.slice(7, -1)))) {
      expect(src).toMatch(/^\/samples\/\w+\.svg$/);
      const res = await shop.get(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type"), src).toMatch(/^image\/svg\+xml/);
    }
  });
});
