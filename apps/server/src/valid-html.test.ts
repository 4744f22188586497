import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { HtmlValidate, type Message } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * A guard for valid HTML that runs in Node (the Nu checker needs Java): html-validate's recommended
 * preset over the page types the accessibility journeys visit. Any error fails.
 */
const PAGES = [
  "/",
  "/en",
  "/de",
  "/shop",
  "/shop/njega-vozila",
  "/en/shop",
  "/product/auto-sampon",
  "/product/paket-njege",
  "/kontakt",
  "/pretraga",
  "/pretraga?search=pranje&category=posts",
  "/newsletter",
  "/objave",
  "/objave/savjeti",
  "/prijava",
  "/registracija",
  "/zaboravljena-lozinka",
  "/stranica-koje-nema",
];

/**
 * The preset's style rules that flag what HTML allows and React's server renderer writes by design
 * (`<input/>`, `srcSet`, `required=""`, style props, `_R_…_` ids from useId), phone numbers that the
 * editors type with spaces, and a filter's values that share its name (checkbox groups, a range's two
 * ends: the server reads them all). Everything else of the preset stays an error.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "no-inline-style": "off",
    "valid-id": ["error", { relaxed: true }],
    "tel-non-breaking": "off",
    "form-dup-name": "off",
  },
});

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});

afterAll(() => shop.stop());

async function problems(path: string, jar?: CookieJar): Promise<string[]> {
  const res = await shop.get(path, jar);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const report = await validator.validateString(await res.text(), path);
  return report.results.flatMap((r) => r.messages).map((m: Message) => `${path}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
}

describe("valid HTML (html-validate, recommended)", () => {
  it.each(PAGES)("%s has no errors", async (path) => {
    expect(await problems(path)).toEqual([]);
  });

  it("the cart with a line has no errors", async () => {
    const jar = new CookieJar();
    const product = await shop.app.request("/api/v1/product/web/get?slug=poklon-bon-20", { headers: { apiKey: DEMO_API_KEY } });
    const { id } = ((await product.json()) as { data: { id: number } }).data;
    expect((await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(id) }, jar)).status).toBe(200);
    expect(await problems("/kosarica", jar)).toEqual([]);
  });
});
