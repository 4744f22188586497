import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { htmlProblems } from "./html-validity.test-support.ts";
import { adminLogin, getPage, postForm, staffWith } from "./staff-login.test-support.ts";
import { createTestShop, html, useTestShop } from "./testing.ts";

/** The site area of the back office (issue 12) in process: consents, caches, settings and maintenance. */

const shop = useTestShop();
const hr = translator("hr");
const en = translator("en");

async function auditActions(entity: string): Promise<string[]> {
  const rows = await shop.db.db
    .selectFrom("audit_log")
    .select(["action", "entity_id"])
    .where("entity", "=", entity)
    .orderBy("id")
    .execute();
  return rows.map((r) => `${r.action}:${r.entity_id}`);
}

describe("/admin/settings: maintenance", () => {
  it("switches maintenance on with a message: visitors get the maintenance page in their language, staff the shop; then off", async () => {
    const cookie = await adminLogin(shop);
    const page = await getPage(shop, "/admin/settings", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(html(hr("admin.site.maintenance.isOff")));

    const on = await postForm(
      shop,
      "/admin/settings",
      { intent: "maintenance", enabled: "true", "message.hr": "Vraćamo se u 14 sati.", "message.en": "Back at 2 pm.", "message.de": "" },
      cookie,
    );
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toBe("/admin/settings?done=maintenanceOn");
    expect(await (await getPage(shop, "/admin/settings?done=maintenanceOn", cookie)).text()).toContain(
      html(hr("admin.site.maintenance.isOn")),
    );

    const visitor = await getPage(shop, "/");
    expect(visitor.status).toBe(503);
    const text = await visitor.text();
    expect(text).toContain(html(hr("maintenance.title")));
    expect(text).toContain("Vraćamo se u 14 sati.");
    expect(await (await getPage(shop, "/en")).text()).toContain("Back at 2 pm.");
    // No German message: the Croatian one.
    expect(await (await getPage(shop, "/de")).text()).toContain("Vraćamo se u 14 sati.");
    const staff = await getPage(shop, "/", cookie);
    expect(staff.status).toBe(200);
    expect(await staff.text()).not.toContain(html(hr("maintenance.title")));

    const off = await postForm(
      shop,
      "/admin/settings",
      { intent: "maintenance", enabled: "false", "message.hr": "Vraćamo se u 14 sati." },
      cookie,
    );
    expect(off.headers.get("location")).toBe("/admin/settings?done=maintenanceOff");
    expect((await getPage(shop, "/")).status).toBe(200);
    expect(await auditActions("settings.option")).toEqual(
      expect.arrayContaining(["option.set:MaintenanceMode", "option.set:MaintenanceMessage"]),
    );
  });

  it("refuses a message that is too long with its field, and stays as it was", async () => {
    const cookie = await adminLogin(shop);
    const res = await postForm(shop, "/admin/settings", { intent: "maintenance", enabled: "true", "message.hr": "x".repeat(1001) }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('id="field-message-hr-error"');
    expect((await getPage(shop, "/")).status).toBe(200);
  });
});

describe("/admin/settings: CMS options", () => {
  it("saves a form's options, audited, and drops the cached pages", async () => {
    const cookie = await adminLogin(shop);
    await getPage(shop, "/");
    expect((await getPage(shop, "/")).headers.get("x-page-cache")).toBe("hit");
    const res = await postForm(
      shop,
      "/admin/settings",
      {
        intent: "contact",
        ContactAddress: "Ilica 1, Zagreb",
        ContactPhone: "+385 1 555 0000",
        ContactEmail: "info@example.hr",
        OpeningHours: "Pon–pet 8–20",
      },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/settings?done=options#contact");
    const page = await (await getPage(shop, "/admin/settings?done=options", cookie)).text();
    expect(page).toContain('value="+385 1 555 0000"');
    expect(page).toContain(html(hr("admin.site.settings.done.options")));
    expect(await auditActions("settings.option")).toContain("option.set:ContactPhone");
    expect((await getPage(shop, "/")).headers.get("x-page-cache")).toBe("miss");
  });

  it("turns a flag off with an unticked box and refuses a bad value with its field, saving nothing of that form", async () => {
    const cookie = await adminLogin(shop);
    const flags = await postForm(
      shop,
      "/admin/settings",
      { intent: "moderation", CanCommentOnBlog: "on", OneUserOneComment: "on", UserCanEditComment: "on", NumberOfStars: "5" },
      cookie,
    );
    expect(flags.status).toBe(302);
    const values = async () =>
      Object.fromEntries((await shop.db.db.selectFrom("cms_options").select(["key", "value"]).execute()).map((r) => [r.key, r.value]));
    expect(await values()).toMatchObject({
      RequireAdminPublishing: "false",
      CanCommentOnBlog: "RegisteredUsers",
      OneUserOneComment: "true",
    });
    await postForm(
      shop,
      "/admin/settings",
      {
        intent: "moderation",
        RequireAdminPublishing: "on",
        CanCommentOnBlog: "on",
        OneUserOneComment: "on",
        UserCanEditComment: "on",
        NumberOfStars: "5",
      },
      cookie,
    );
    expect((await values()).RequireAdminPublishing).toBe("true");
    const stars = await postForm(shop, "/admin/settings", { intent: "moderation", NumberOfStars: "11" }, cookie);
    expect(stars.status).toBe(400);
    expect(await stars.text()).toContain('id="option-NumberOfStars-error"');
    expect((await values()).CanCommentOnBlog).toBe("RegisteredUsers");

    const bad = await postForm(
      shop,
      "/admin/settings",
      { intent: "analytics", GoogleAnalyticsId: "UA-123", GoogleTagManagerId: "GTM-NEW1234" },
      cookie,
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain('id="option-GoogleAnalyticsId-error"');
    expect(text).toContain('value="UA-123"');
    expect((await values()).GoogleTagManagerId).toBe("GTM-DEMO000");
  });

  it("is for the settings scope", async () => {
    const cookie = await staffWith(shop, ["content"]);
    expect((await getPage(shop, "/admin/settings", cookie)).status).toBe(403);
    expect((await postForm(shop, "/admin/settings", { intent: "maintenance", enabled: "true" }, cookie)).status).toBe(403);
    expect((await getPage(shop, "/")).status).toBe(200);
    const settings = await staffWith(shop, ["settings"]);
    const page = await getPage(shop, "/admin/settings", settings);
    expect(page.status).toBe(200);
    // Without the content scope the media library is closed: the logo is typed as an address.
    expect(await page.text()).toMatch(/<input[^>]*id="option-Logo"/);
  });
});

describe("/admin/cache", () => {
  it("lists the caches with entries, size and hit rate, and clears one and all, audited", async () => {
    const cookie = await adminLogin(shop);
    await getPage(shop, "/kategorije");
    await getPage(shop, "/kategorije");
    const page = await getPage(shop, "/admin/cache", cookie);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(html(hr("admin.site.cache.kind.pages")));
    expect(text).toContain(html(hr("admin.site.cache.kind.publicData")));
    expect(text).toContain("<code>/kategorije</code>");

    const one = await postForm(shop, "/admin/cache", { name: "pages" }, cookie);
    expect(one.status).toBe(302);
    expect(one.headers.get("location")).toBe("/admin/cache?cleared=pages");
    expect((await getPage(shop, "/kategorije")).headers.get("x-page-cache")).toBe("miss");
    const after = await (await getPage(shop, "/admin/cache?cleared=pages", cookie)).text();
    expect(after).toContain(html(hr("admin.site.cache.cleared.pages")));

    expect((await postForm(shop, "/admin/cache", { name: "all" }, cookie)).headers.get("location")).toBe("/admin/cache?cleared=all");
    expect(await auditActions("cache")).toEqual(["cache.clear:pages", "cache.clear:all"]);
    expect((await postForm(shop, "/admin/cache", { name: "sessions" }, cookie)).status).toBe(400);
  });

  it("is for the settings scope", async () => {
    const cookie = await staffWith(shop, ["content"]);
    expect((await getPage(shop, "/admin/cache", cookie)).status).toBe(403);
    expect((await postForm(shop, "/admin/cache", { name: "all" }, cookie)).status).toBe(403);
  });

  it("without a page cache: no entry in the navigation or the admin bar, and the page says there is no cache server", async () => {
    const off = await createTestShop({ PAGE_CACHE: "off" });
    try {
      const cookie = await adminLogin(off);
      const start = await (await getPage(off, "/admin", cookie)).text();
      expect(start).toContain(html(hr("admin.nav.settings")));
      expect(start).not.toContain(`href="/admin/cache"`);
      const home = await (await getPage(off, "/", cookie)).text();
      expect(home).toContain(html(hr("admin.bar.label")));
      expect(home).not.toContain(`href="/admin/cache"`);
      const page = await getPage(off, "/admin/cache", cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(html(hr("admin.site.cache.none")));
      expect((await postForm(off, "/admin/cache", { name: "all" }, cookie)).status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});

describe("/admin/cache with several instances (REDIS_URL)", () => {
  it("a clear on one instance empties the other's page cache too", async () => {
    const shared = mkdtempSync(join(tmpdir(), "shop-site-pair-"));
    const env = { DATABASE_URL: `sqlite:${join(shared, "shop.sqlite")}`, REDIS_URL: "redis://127.0.0.1:6379" };
    const a = await createTestShop(env);
    const b = await createTestShop({ ...env, SEED: "none" });
    try {
      await getPage(b, "/?part=site-pair");
      expect((await getPage(b, "/?part=site-pair")).headers.get("x-page-cache")).toBe("hit");
      expect(b.pageCache.get("/?part=site-pair|", { countMiss: false })).not.toBeNull();
      const cookie = await adminLogin(a);
      expect((await postForm(a, "/admin/cache", { name: "pages" }, cookie)).status).toBe(302);
      // The message travels through Redis: wait for it, without asserting how long it takes.
      let cache = "hit";
      for (let i = 0; i < 50 && cache === "hit"; i++) {
        await new Promise((r) => setTimeout(r, 20));
        cache = b.pageCache.get("/?part=site-pair|", { countMiss: false }) ? "hit" : "miss";
      }
      expect(cache).toBe("miss");
    } finally {
      await a.stop();
      await b.stop();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe("/admin/consent", () => {
  it("lists the consents with their places, and opens a place by its name", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const res = await getPage(shop, "/admin/consent", cookie);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("privacy-policy");
    expect(text).toContain('href="/admin/consent/registration"');
    expect(text).toContain(html(hr("admin.site.consents.required")));
    const open = await getPage(shop, "/admin/consent?place=contact", cookie);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe("/admin/consent/contact");
    expect((await getPage(shop, "/admin/consent?place=a%20b", cookie)).status).toBe(200);
  });

  it("edits a place's consents: sanitised texts, a new one, the required ones; the shop shows them", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const editor = await (await getPage(shop, "/admin/consent/newsletter", cookie)).text();
    expect(editor).toContain('name="row.0.uniqueNumber" value="privacy-policy"');
    expect(editor).toContain('name="row.2.new"');
    const res = await postForm(
      shop,
      "/admin/consent/newsletter",
      {
        rows: "3",
        "row.0.uniqueNumber": "privacy-policy",
        "row.0.required": "true",
        "row.1.uniqueNumber": "marketing-newsletter",
        "row.1.remove": "true",
        "row.2.new": "1",
        "row.2.uniqueNumber": "newsletter-weekly",
        "row.2.hr": 'Želim <strong>tjedne</strong> novosti.<script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        "row.2.en": "I want weekly news.",
        "row.2.de": "",
        "row.2.required": "true",
      },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/consent/newsletter?done=saved");
    const saved = await (await getPage(shop, "/admin/consent/newsletter?done=saved", cookie)).text();
    expect(saved).toContain(html(hr("admin.site.consent.saved")));
    expect(saved).toContain("Želim <strong>tjedne</strong> novosti.");
    expect(saved).not.toContain("<script>alert(1)");
    expect(saved).not.toContain("javascript:");
    expect(saved).not.toContain('value="marketing-newsletter"');
    expect(await auditActions("consents.place")).toContain("consents.set:newsletter");
    const shown = await shop.db.db
      .selectFrom("consent_assignments as a")
      .innerJoin("consents as c", "c.id", "a.consent_id")
      .select(["c.unique_number", "a.required"])
      .where("a.assigned_to", "=", "newsletter")
      .orderBy("a.position")
      .execute();
    expect(shown).toEqual([
      { unique_number: "privacy-policy", required: 1 },
      { unique_number: "newsletter-weekly", required: 1 },
    ]);
  });

  it("refuses bad rows with their fields, and a place left empty, saving nothing", async () => {
    const cookie = await staffWith(shop, ["content"]);
    // The form posts the place's consents in the editor's order, then the row for a new one.
    const editor = await (await getPage(shop, "/admin/consent/checkout", cookie)).text();
    const shown = [...editor.matchAll(/name="row\.\d+\.uniqueNumber" value="([\w.-]+)"/g)].map((m) => m[1] ?? "");
    const terms = shown.indexOf("terms-of-sale");
    expect(terms).toBeGreaterThanOrEqual(0);
    const fields: Record<string, string> = { rows: String(shown.length + 1) };
    shown.forEach((uniqueNumber, row) => {
      fields[`row.${row}.uniqueNumber`] = uniqueNumber;
    });
    Object.assign(fields, {
      [`row.${terms}.en`]: "Terms",
      [`row.${shown.length}.new`]: "1",
      [`row.${shown.length}.uniqueNumber`]: "bad name!",
    });
    const bad = await postForm(shop, "/admin/consent/checkout", fields, cookie);
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain(`id="consent-${terms}-hr-error"`);
    expect(text).toContain(`id="consent-${shown.length}-uniqueNumber-error"`);
    expect(text).toContain('value="bad name!"');
    const removeAll: Record<string, string> = { rows: String(shown.length) };
    shown.forEach((uniqueNumber, row) => {
      Object.assign(removeAll, { [`row.${row}.uniqueNumber`]: uniqueNumber, [`row.${row}.remove`]: "true" });
    });
    const empty = await postForm(shop, "/admin/consent/checkout", removeAll, cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(hr("admin.site.consent.keepOne")));
    const edited = await (await getPage(shop, "/admin/consent/checkout", cookie)).text();
    expect(edited).toContain('value="terms-of-sale"');
  });

  it("answers a name no place can have with a 404, and is for the content scope", async () => {
    const cookie = await staffWith(shop, ["content"]);
    expect((await getPage(shop, "/admin/consent/a%20b", cookie)).status).toBe(404);
    const settings = await staffWith(shop, ["settings"]);
    expect((await getPage(shop, "/admin/consent", settings)).status).toBe(403);
    expect((await getPage(shop, "/admin/consent/registration", settings)).status).toBe(403);
    const english = await adminLogin(shop);
    await postForm(shop, "/admin", { intent: "language", language: "en", back: "/admin/consent" }, english);
    expect(await (await getPage(shop, "/admin/consent", english)).text()).toContain(html(en("admin.site.consents.heading")));
    await postForm(shop, "/admin", { intent: "language", language: "hr", back: "/admin" }, english);
  });
});

describe("valid HTML (html-validate, recommended, as valid-html.test.ts)", () => {
  it("the consent, cache and settings pages have no errors, with and without refused fields", async () => {
    const cookie = await adminLogin(shop);
    const pages: [string, Response][] = [];
    for (const path of ["/admin/consent", "/admin/consent/registration", "/admin/consent/nova-stranica", "/admin/cache", "/admin/settings"])
      pages.push([path, await getPage(shop, path, cookie)]);
    pages.push(["/admin/settings (refused)", await postForm(shop, "/admin/settings", { intent: "contact", ContactEmail: "x" }, cookie)]);
    pages.push([
      "/admin/consent/registration (refused)",
      await postForm(shop, "/admin/consent/registration", { rows: "1", "row.0.new": "1", "row.0.uniqueNumber": "a b" }, cookie),
    ]);
    const errors: string[] = [];
    for (const [name, res] of pages) errors.push(...(await htmlProblems(await res.text(), name)));
    expect(errors).toEqual([]);
  });
});
