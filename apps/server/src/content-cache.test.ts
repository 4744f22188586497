import type { EditablePage } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./testing.ts";

/**
 * ADR 25 through the whole shop: publishing a page drops exactly its cached addresses (every
 * language's) and leaves other pages cached; a draft changes nothing visitors see.
 */

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await createTestShop();
  const admin = shop.seeded?.admin;
  const login = await shop.app.request("/api/v1/login", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ username: admin?.email, password: admin?.password }),
  });
  token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
});
afterAll(() => shop.stop());

const editorCall = async (method: string, path: string, body?: unknown) => {
  const res = await shop.app.request(`/api${path}`, {
    method,
    headers: { apiKey: DEMO_API_KEY, accessToken: token, language: "hr", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: EditablePage } };
};
const cacheOf = async (path: string) => (await shop.get(path)).headers.get("x-page-cache");

describe("publishing a page and the page cache", () => {
  it("drops the published page in every language, keeps the other pages cached", async () => {
    const page = (await editorCall("GET", "/v1/editor/decide?params=o-nama")).body.data;
    const english = `/en/${page.translations.en}`;
    const others = ["/", "/kontakt", "/cjenik"];
    for (const path of ["/o-nama", english, ...others]) {
      await shop.get(path);
      expect(await cacheOf(path), path).toBe("hit");
    }
    const components = (page.published?.components ?? []).map(({ id, template, data }) => ({ id, template, data }));
    const saved = await editorCall("PUT", `/v1/editor/page/${page.id}/draft`, {
      baseVersion: 0,
      slug: "o-nama",
      title: "O nama – obnovljeno",
      components: [{ template: "hero", data: { title: "Naslov iz nacrta" } }, ...components],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A draft is the editors' alone: nothing visitors see changed.
    expect(await cacheOf("/o-nama")).toBe("hit");

    const published = await editorCall("POST", `/v1/editor/page/${page.id}/publish`, { draftVersion: 1 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    for (const path of others) expect(await cacheOf(path), path).toBe("hit");
    const fresh = await shop.get("/o-nama");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    expect(await fresh.text()).toContain("Naslov iz nacrta");
    expect(await cacheOf(english)).toBe("miss");
  });
});
