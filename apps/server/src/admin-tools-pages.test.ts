import { readFileSync } from "node:fs";
import { blockTemplates } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlProblems } from "./html-validity.test-support.ts";
import { adminLogin, getPage, postForm, staffWith } from "./staff-login.test-support.ts";
import { createTestShop, html, type TestShop } from "./testing.ts";

/** The tools area of the back office (issue 12) in process: page templates, and the non-production tools in and out of production. */

const hr = translator("hr");
const VERSION = (JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }).version;
let dev: TestShop;
let prod: TestShop;

beforeAll(async () => {
  [dev, prod] = await Promise.all([createTestShop({ APP_ENV: "development" }), createTestShop()]);
});

afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
});

describe("page templates (/admin/templates)", () => {
  it("lists the demo's templates with the blocks each holds", async () => {
    const page = await getPage(dev, "/admin/templates", await staffWith(dev, ["content"]));
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(html(hr("admin.tools.templates.heading")));
    for (const name of ["Usluga", "Lokacija", "Akcija"]) expect(text).toContain(`>${name}</h2>`);
    expect(text).toContain(html(hr("admin.tools.block.priceList")));
    expect(text).toContain(html(hr("admin.tools.templates.startsEmpty")));
  });

  it("creates from the chosen blocks, reorders them, renames, and deletes after the confirmation", async () => {
    const cookie = await staffWith(dev, ["content"]);
    const created = await postForm(
      dev,
      "/admin/templates",
      { intent: "create", name: "Poklon bon", description: "", source: "blocks", blocks: ["hero", "", "faq", "form"] },
      cookie,
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/templates?done=created");
    const records = await dev.db.db
      .selectFrom("page_templates")
      .select(["id", "name", "blocks"])
      .where("name", "=", "Poklon bon")
      .execute();
    const [made] = records;
    if (!made) throw new Error("not created");
    expect(JSON.parse(made.blocks).map((b: { template: string }) => b.template)).toEqual(["hero", "faq", "form"]);
    const listed = await (await getPage(dev, "/admin/templates?done=created", cookie)).text();
    expect(listed).toContain(html(hr("admin.tools.templates.done.created")));
    expect(listed).toContain(html(hr("admin.tools.templates.moveDown", { n: 1, block: hr("admin.tools.block.hero") })));

    expect((await postForm(dev, "/admin/templates", { intent: "reorder", id: String(made.id), order: "3,1,2" }, cookie)).status).toBe(302);
    const renamed = await postForm(
      dev,
      "/admin/templates",
      { intent: "update", id: String(made.id), name: "Poklon-bon", description: "Za darove" },
      cookie,
    );
    expect(renamed.headers.get("location")).toBe("/admin/templates?done=saved");
    const after = await dev.db.db
      .selectFrom("page_templates")
      .select(["name", "description", "blocks"])
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: "Poklon-bon", description: "Za darove" });
    expect(JSON.parse(after.blocks).map((b: { template: string }) => b.template)).toEqual(["form", "hero", "faq"]);

    const page = await (await getPage(dev, "/admin/templates", cookie)).text();
    expect(page).toContain(html(hr("admin.tools.templates.deleteConfirm", { name: "Poklon-bon" })));
    const deleted = await postForm(dev, "/admin/templates", { intent: "delete", id: String(made.id) }, cookie);
    expect(deleted.headers.get("location")).toBe("/admin/templates?done=deleted");
    expect(await dev.db.db.selectFrom("page_templates").select("id").where("id", "=", made.id).executeTakeFirst()).toBeUndefined();
  });

  it("says what is wrong in the staff member's language, and keeps what was typed", async () => {
    const cookie = await staffWith(dev, ["content"]);
    const empty = await postForm(
      dev,
      "/admin/templates",
      { intent: "create", name: "Bez sekcija", source: "blocks", blocks: ["", ""] },
      cookie,
    );
    expect(empty.status).toBe(400);
    const text = await empty.text();
    expect(text).toContain(html(hr("validation.required")));
    expect(text).toContain('value="Bez sekcija"');
    const taken = await postForm(dev, "/admin/templates", { intent: "create", name: "Usluga", source: "blocks", blocks: ["hero"] }, cookie);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(html(hr("error.pageTemplates.nameTaken")));
    const badOrder = await postForm(dev, "/admin/templates", { intent: "reorder", id: "1", order: "1,1" }, cookie);
    expect(badOrder.status).toBe(400);
    expect(await badOrder.text()).toContain(html(hr("error.pageTemplates.badOrder")));
  });

  it("copies a page of the demo", async () => {
    const cookie = await staffWith(dev, ["content"]);
    const page = await dev.db.db
      .selectFrom("post_translations")
      .innerJoin("posts", "posts.id", "post_translations.post_id")
      .select(["posts.id", "post_translations.components"])
      .where("posts.post_type", "=", "page")
      .where("post_translations.slug", "=", "autopraonica")
      .executeTakeFirstOrThrow();
    const res = await postForm(
      dev,
      "/admin/templates",
      { intent: "create", name: "Kao autopraonica", source: "page", fromPage: String(page.id), language: "hr" },
      cookie,
    );
    expect(res.status).toBe(302);
    const made = await dev.db.db
      .selectFrom("page_templates")
      .select("blocks")
      .where("name", "=", "Kao autopraonica")
      .executeTakeFirstOrThrow();
    const templates = (json: string) => JSON.parse(json).map((b: { template: string }) => b.template);
    expect(templates(made.blocks)).toEqual(templates(page.components));
  });

  it("is refused to staff without the content scope", async () => {
    const res = await getPage(dev, "/admin/templates", await staffWith(dev, ["shop"]));
    expect(res.status).toBe(403);
  });
});

describe("the non-production tools", () => {
  it("show the version badge, the domain list and the release notes in the admin layout", async () => {
    const page = await (await getPage(dev, "/admin", await adminLogin(dev))).text();
    expect(page).toContain(`v${VERSION}`);
    expect(page).toContain(html(hr("admin.tools.domains.selected")));
    expect(page).toContain(html(hr("admin.tools.releases.open")));
    expect(page).toContain('href="/admin/releases"');
  });

  it("serve the release notes from the changelog as a page", async () => {
    const res = await getPage(dev, "/admin/releases", await adminLogin(dev));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`v${VERSION}`);
    expect(text).toContain("<h3>Added</h3>");
    expect(text).toContain(html(hr("admin.tools.releases.unreleased")));
  });

  it("keep a configured domain for this session, and refuse another", async () => {
    const cookie = await adminLogin(dev);
    const chosen = await postForm(dev, "/admin/domain", { domain: "localhost:3000", back: "/admin/templates" }, cookie);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/admin/templates");
    const domainCookie = chosen.headers.getSetCookie().find((c) => c.startsWith("adminDomain="));
    expect(domainCookie).toBe("adminDomain=localhost:3000; Path=/; HttpOnly; SameSite=Lax");
    const page = await (await getPage(dev, "/admin", `${cookie}; adminDomain=localhost%3A3000`)).text();
    expect(page).toMatch(/Odabrano:<\/?[^>]*> ?<strong>localhost:3000<\/strong>/);
    expect(page).not.toContain(html(hr("admin.tools.domains.rebuild", { forced: "localhost:3000" })));
    const refused = await postForm(dev, "/admin/domain", { domain: "evil.example", back: "/admin" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("adminDomain="))).toBe(false);
  });

  it("show every block template rendered on the section tool, to staff only", async () => {
    const anonymous = await getPage(dev, "/section-tool");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/adminLogin");
    const res = await getPage(dev, "/section-tool", await staffWith(dev, ["content"]));
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const template of blockTemplates) expect(text).toContain(`id="example-${template}"`);
    expect(text).toContain("Osnovno pranje");
    expect(text).toContain(`v${VERSION}`);
  });

  it("are not there in production: no section tool, no badge, no release notes, no domain choice", async () => {
    const cookie = await adminLogin(prod);
    const tool = await getPage(prod, "/section-tool", cookie);
    expect(tool.status).toBe(404);
    expect(await tool.text()).not.toContain("example-hero");
    const page = await (await getPage(prod, "/admin", cookie)).text();
    expect(page).not.toContain(`v${VERSION}`);
    expect(page).not.toContain(html(hr("admin.tools.releases.open")));
    expect((await getPage(prod, "/admin/releases", cookie)).status).toBe(404);
    expect((await postForm(prod, "/admin/domain", { domain: "localhost:3000" }, cookie)).status).toBe(404);
    // The platform's side too: staff asking the API itself get the answer of an unknown address.
    const seeded = prod.seeded?.admin;
    const apiKey = { apiKey: DEMO_API_KEY, "content-type": "application/json" };
    const tokens = await prod.app.request("/api/v1/login", {
      method: "POST",
      headers: apiKey,
      body: JSON.stringify({ username: seeded?.email, password: seeded?.password }),
    });
    const { accessToken } = ((await tokens.json()) as { data: { tokens: { accessToken: string } } }).data.tokens;
    const tag = await prod.app.request("/api/_cli/get-latest-tag", { headers: { ...apiKey, accessToken } });
    expect(tag.status).toBe(404);
  });

  it("leave the page templates to production too", async () => {
    const res = await getPage(prod, "/admin/templates", await adminLogin(prod));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(">Usluga</h2>");
  });
});

describe("valid HTML of the tools' pages", () => {
  it.each(["/admin/templates", "/admin/releases", "/section-tool"])("%s has no errors", async (path) => {
    const page = await getPage(dev, path, await adminLogin(dev));
    expect(await htmlProblems(await page.text(), path)).toEqual([]);
  });
});
