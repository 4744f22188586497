import type { EditableNavigation, ElementView, NavigationItem } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let ana: string;

beforeAll(async () => {
  p = await createTestPlatform();
  ana = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
});
afterAll(() => p.close());

const get = (handle: string, language = "hr") =>
  p.call<EditableNavigation>("GET", `/api/v1/editor/navigation/${handle}`, { token: ana, language });
const save = (handle: string, body: unknown, language = "hr") =>
  p.call<EditableNavigation>("PUT", `/api/v1/navigation/tree/${handle}`, { body, token: ana, language });
const publicTree = (handle: string, language = "hr") => p.call<NavigationItem[]>("GET", `/api/v1/navigation/tree/${handle}`, { language });

const tree = [
  { title: "Usluge", type: "linkless", children: [{ title: "Cjenik", type: "link", url: "/cjenik" }] },
  { title: "Partner", type: "link", url: "https://partner.example.com/hr" },
];

describe("editing a navigation menu", () => {
  it("replaces the tree whole, counting versions; visitors see it", async () => {
    const first = await save("footer2", { baseVersion: 0, items: tree });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(1);
    expect(first.body.data.items.map((i) => [i.title, i.type, i.url])).toEqual([
      ["Usluge", "linkless", null],
      ["Partner", "link", "https://partner.example.com/hr"],
    ]);
    expect(first.body.data.items[0]?.children.map((i) => i.url)).toEqual(["/cjenik"]);
    const second = await save("footer2", { baseVersion: 1, items: [{ title: "Kontakt", type: "link", url: "/kontakt" }] });
    expect(second.body.data).toMatchObject({ version: 2, items: [{ title: "Kontakt", children: [] }] });
    expect((await publicTree("footer2")).body.data.map((i) => i.title)).toEqual(["Kontakt"]);
    expect((await get("footer2")).body.data.version).toBe(2);
  });

  it("refuses a save based on an older version", async () => {
    await save("footer3", { baseVersion: 0, items: tree });
    expect((await save("footer3", { baseVersion: 1, items: [] })).status).toBe(200);
    const stale = await save("footer3", { baseVersion: 1, items: tree });
    expect(stale.status).toBe(409);
    expect((await save("footer3", { baseVersion: 0, items: tree })).status).toBe(409);
    expect((await get("footer3")).body.data.items).toEqual([]);
  });

  it("shows a language without its own menu the Croatian one at version 0; saving makes its own", async () => {
    await save("footer4", { baseVersion: 0, items: tree });
    const en = await get("footer4", "en");
    expect(en.body.data.version).toBe(0);
    expect(en.body.data.items.map((i) => i.title)).toEqual(["Usluge", "Partner"]);
    await save("footer4", { baseVersion: 0, items: [{ title: "Services", type: "link", url: "/en/services" }] }, "en");
    expect((await publicTree("footer4", "en")).body.data.map((i) => i.title)).toEqual(["Services"]);
    expect((await publicTree("footer4")).body.data.map((i) => i.title)).toEqual(["Usluge", "Partner"]);
  });

  it("refuses links without an internal path or http(s) address, naming the item", async () => {
    for (const url of ["javascript:alert(1)", "//evil.example.com", "cjenik", "", "ftp://x.example.com"]) {
      const res = await save("main", {
        baseVersion: 0,
        items: [{ title: "Usluge", type: "linkless", children: [{ title: "X", type: "link", url }] }],
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error?.payload.fields?.[0]?.path, url).toBe("items.0.children.0.url");
    }
    // A linkless heading keeps no address even when one is sent.
    const linkless = await save("main", { baseVersion: 0, items: [{ title: "Naslov", type: "linkless", url: "/nesto" }] });
    expect(linkless.body.data.items[0]?.url).toBeNull();
  });
});

describe("element version check", () => {
  it("counts an element's saves and refuses an edit based on an older version", async () => {
    const created = await p.call<ElementView>("POST", "/api/v1/element/create", {
      body: { handler: "cookie-section", language: "en", title: "Cookies", options: { text: "We use cookies.", acceptLabel: "OK" } },
      token: ana,
    });
    expect(created.body.data.version).toBe(1);
    const id = created.body.data.id;
    const update = (body: unknown) => p.call<ElementView>("PATCH", `/api/v1/element/update/${id}`, { body, token: ana });
    const next = await update({ title: "Cookie notice", baseVersion: 1 });
    expect(next.body.data).toMatchObject({ title: "Cookie notice", version: 2 });
    const stale = await update({ title: "Old edit", baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await update({ title: "Without a base" })).body.data.version).toBe(3);
  });
});
