import type { PageTemplateList, PageTemplateView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, insertPost } from "./cms.fixtures.ts";

let p: TestPlatform;
let admin: string;
let editor: string;
let shopOnly: string;

beforeAll(async () => {
  p = await createTestPlatform();
  admin = await backofficeToken(p);
  editor = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
  shopOnly = (await p.login(await p.createUser({ staffScopes: ["shop"] }))).accessToken;
});
afterAll(() => p.close());

const create = (body: unknown, token = editor) => p.call<PageTemplateView>("POST", "/api/v1/pageTemplate/create", { body, token });
const list = (token = editor) => p.call<PageTemplateList>("GET", "/api/v1/pageTemplate/filter", { token });
const auditRows = (entityId: number) =>
  p.db
    .selectFrom("audit_log")
    .select(["action", "before_json", "after_json"])
    .where("entity", "=", "cms.pageTemplate")
    .where("entity_id", "=", String(entityId))
    .orderBy("id")
    .execute();

describe("page templates", () => {
  it("creates a template from block templates in order, each starting empty, and lists it with its blocks", async () => {
    const res = await create({ name: "Usluga", description: "Jedna usluga pranja", blocks: ["hero", "priceList", "faq"] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Usluga",
      description: "Jedna usluga pranja",
      blocks: [
        { id: 1, template: "hero", data: null },
        { id: 2, template: "priceList", data: null },
        { id: 3, template: "faq", data: null },
      ],
    });
    const listed = await list();
    expect(listed.body.data.records.map((r) => r.name)).toContain("Usluga");
    const [row] = await auditRows(res.body.data.id);
    expect(row?.action).toBe("create");
  });

  it("copies an existing page's components in the chosen language", async () => {
    const components = [
      { id: 7, template: "hero", data: { title: "Poliranje" } },
      { id: 9, template: "richText", data: { html: "<p>Sjaj <script>x</script>laka</p>" } },
    ];
    const page = await insertPost(p, {
      type: "page",
      translations: [
        { lang: "hr", slug: "poliranje", title: "Poliranje", components },
        { lang: "en", slug: "polishing", title: "Polishing", components: [{ id: 1, template: "hero", data: { title: "Polishing" } }] },
      ],
    });
    const res = await create({ name: "Kao poliranje", fromPage: page });
    expect(res.status).toBe(200);
    expect(res.body.data.blocks).toEqual([
      { id: 1, template: "hero", data: { title: "Poliranje" } },
      { id: 2, template: "richText", data: { html: "<p>Sjaj laka</p>" } },
    ]);
    const english = await create({ name: "Like polishing", fromPage: page, language: "en" });
    expect(english.body.data.blocks).toEqual([{ id: 1, template: "hero", data: { title: "Polishing" } }]);
    const german = await create({ name: "Wie Polieren", fromPage: page, language: "de" });
    expect(german.status).toBe(400);
    expect(german.body.error?.payload.key).toBe("error.pageTemplates.noLanguage");
  });

  it("refuses an unknown block template, no blocks at all, blocks and a page together, a post that is not a page, a taken name", async () => {
    const bad = await create({ name: "Loš", blocks: ["hero", "carousel"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.fields).toEqual([expect.objectContaining({ path: "blocks.1", key: "validation.invalid" })]);
    expect((await create({ name: "Prazan", blocks: [] })).body.error?.payload.fields).toEqual([
      expect.objectContaining({ path: "blocks", key: "validation.required" }),
    ]);
    const post = await insertPost(p, { translations: [{ lang: "hr", slug: "vijest-o-pranju", title: "Vijest" }] });
    expect((await create({ name: "Oboje", blocks: ["hero"], fromPage: post })).status).toBe(400);
    const notPage = await create({ name: "Iz objave", fromPage: post });
    expect(notPage.status).toBe(400);
    expect(notPage.body.error?.payload.fields).toEqual([expect.objectContaining({ path: "fromPage" })]);
    expect((await create({ name: "Iz ničega", fromPage: 999_999 })).body.error?.payload.fields).toEqual(notPage.body.error?.payload.fields);
    const taken = await create({ name: "Usluga", blocks: ["hero"] });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.payload.key).toBe("error.pageTemplates.nameTaken");
    expect(taken.body.error?.payload.message).toMatch(/naziv/i);
    const names = (await list()).body.data.records.map((r) => r.name);
    expect(names).not.toContain("Loš");
    expect(names).not.toContain("Iz objave");
  });

  it("renames and describes, keeping names unique", async () => {
    const made = (await create({ name: "Lokacija", blocks: ["hero", "locations"] })).body.data;
    const res = await p.call<PageTemplateView>("PATCH", `/api/v1/pageTemplate/update/${made.id}`, {
      body: { name: "Lokacija praonice", description: "Adresa, radno vrijeme i karta" },
      token: editor,
    });
    expect(res.body.data).toMatchObject({ name: "Lokacija praonice", description: "Adresa, radno vrijeme i karta", blocks: made.blocks });
    const clash = await p.call("PATCH", `/api/v1/pageTemplate/update/${made.id}`, { body: { name: "Usluga" }, token: editor });
    expect(clash.status).toBe(409);
    const rows = await auditRows(made.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update"]);
    expect(JSON.parse(rows[1]?.before_json ?? "null")).toEqual({ name: "Lokacija", description: "" });
  });

  it("reorders the blocks by their ids and refuses an order that loses, doubles or invents a block", async () => {
    const made = (await create({ name: "Akcija", blocks: ["hero", "imageText", "faq"] })).body.data;
    const reorder = (order: unknown) =>
      p.call<PageTemplateView>("POST", `/api/v1/pageTemplate/reorder/${made.id}`, { body: { order }, token: editor });
    const res = await reorder([3, 1, 2]);
    expect(res.status).toBe(200);
    expect(res.body.data.blocks.map((b) => [b.id, b.template])).toEqual([
      [3, "faq"],
      [1, "hero"],
      [2, "imageText"],
    ]);
    for (const order of [[3, 1], [3, 1, 1], [3, 1, 4], []]) {
      const refused = await reorder(order);
      expect({ order, status: refused.status }).toEqual({ order, status: 400 });
    }
    const after = (await list()).body.data.records.find((r) => r.id === made.id);
    expect(after?.blocks.map((b) => b.id)).toEqual([3, 1, 2]);
    const rows = await auditRows(made.id);
    expect(rows.at(-1)).toMatchObject({ action: "reorder", before_json: "[1,2,3]", after_json: "[3,1,2]" });
  });

  it("deletes a template once; a missing one answers 404 for every change", async () => {
    const made = (await create({ name: "Za brisanje", blocks: ["richText"] })).body.data;
    const del = () => p.call("DELETE", `/api/v1/pageTemplate/delete/${made.id}`, { token: editor });
    expect((await del()).status).toBe(200);
    expect((await list()).body.data.records.map((r) => r.id)).not.toContain(made.id);
    expect((await del()).status).toBe(404);
    expect((await p.call("PATCH", `/api/v1/pageTemplate/update/${made.id}`, { body: { name: "X" }, token: editor })).status).toBe(404);
    expect((await p.call("POST", `/api/v1/pageTemplate/reorder/${made.id}`, { body: { order: [1] }, token: editor })).status).toBe(404);
    expect((await auditRows(made.id)).map((r) => r.action)).toEqual(["create", "delete"]);
  });

  it("refuses staff without the content scope; an administrator may", async () => {
    const refused = await list(shopOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("STAFF_SCOPE_MISSING");
    expect((await create({ name: "Tuđa", blocks: ["hero"] }, shopOnly)).status).toBe(403);
    expect((await list(admin)).status).toBe(200);
  });
});
