import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { adminLogin, getPage, postForm, staffWith } from "./staff-login.test-support.ts";
import { html, useTestShop } from "./testing.ts";

/** The back office's pages (issue 12) in process through the composed server: login, layout, sections, staff, audit log, admin bar. */

const shop = useTestShop();
const hr = translator("hr");
const en = translator("en");

describe("the way in", () => {
  it("sends an anonymous visitor of any admin page to the staff login, which brings them back", async () => {
    const res = await getPage(shop, "/admin/audit?page=2");
    expect(res.status).toBe(302);
    // SPEC §5: the remembered target is a path (no query).
    expect(res.headers.get("location")).toBe(`/adminLogin?redirect=${encodeURIComponent("/admin/audit")}`);
    const login = await getPage(shop, "/adminLogin");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain(html(hr("admin.login.title")));
  });

  it("logs a customer's session out at the admin (SPEC §6: a 403 logs out) and sends it to the staff login", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const res = await postForm(shop, "/prijava", { username: customer.email, password: customer.password });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const visit = await getPage(shop, "/admin", cookie);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe(`/adminLogin?redirect=${encodeURIComponent("/admin")}`);
    expect(visit.headers.getSetCookie().some((c) => c.startsWith("accessToken=;") || c.startsWith("accessToken=; "))).toBe(true);
  });
});

describe("administrator", () => {
  it("sees the start page with every section, never cached, and the admin bar on the site", async () => {
    const cookie = await adminLogin(shop);
    const res = await getPage(shop, "/admin", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const page = await res.text();
    expect(page).toContain(html(hr("admin.start.heading", { name: "Ana" })));
    for (const key of ["orders", "catalog", "customers", "moderation", "consents", "caches", "templates", "settings", "staff", "audit"]) {
      expect(page).toContain(html(hr(`admin.nav.${key}`)));
    }
    expect(page).toContain(html(hr("admin.backToSite")));
    const home = await (await getPage(shop, "/", cookie)).text();
    expect(home).toContain(html(hr("admin.bar.label")));
    expect(home).toContain(html(hr("admin.bar.later")));
    const orders = await (await getPage(shop, "/admin/orders", cookie)).text();
    expect(orders).toContain(html(hr("admin.orders.heading")));
  });

  it("switches the admin's language with the user's own setting", async () => {
    const cookie = await adminLogin(shop);
    const res = await postForm(shop, "/admin", { intent: "language", language: "en", back: "/admin/staff" }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/staff");
    const page = await (await getPage(shop, "/admin", cookie)).text();
    expect(page).toContain('<html lang="en"');
    expect(page).toContain(html(en("admin.nav.audit")));
    await postForm(shop, "/admin", { intent: "language", language: "hr", back: "/admin" }, cookie);
  });

  it("creates staff with scopes on the staff page, and the change is in the audit log", async () => {
    const cookie = await adminLogin(shop);
    const email = `nova-${Date.now()}@example.hr`;
    const res = await postForm(
      shop,
      "/admin/staff",
      { intent: "create", email, firstName: "Iva", lastName: "Perić", language: "hr", role: "staff", scopes: ["content", "orders"] },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/staff?done=created");
    expect(await (await getPage(shop, "/admin/staff?done=created", cookie)).text()).toContain(email);
    const audit = await (await getPage(shop, "/admin/audit?entity=user.staff", cookie)).text();
    expect(audit).toContain("staff.create");
    expect(audit).toContain(email);
  });

  it("shows the refusal of a form with its field", async () => {
    const cookie = await adminLogin(shop);
    const res = await postForm(
      shop,
      "/admin/staff",
      { intent: "create", email: "nije-adresa", firstName: "Iva", lastName: "Perić", role: "staff" },
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("validation.email")));
  });

  it("refuses a form posted from another site", async () => {
    const cookie = await adminLogin(shop);
    const res = await postForm(shop, "/admin/staff", { intent: "create" }, cookie, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("staff with only the content scope", () => {
  it("sees only their sections, and a clear 403 page inside the admin for the audit log and staff", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const start = await (await getPage(shop, "/admin", cookie)).text();
    expect(start).toContain(html(hr("admin.nav.consents")));
    expect(start).not.toContain(html(hr("admin.nav.audit")));
    for (const path of ["/admin/audit", "/admin/staff", "/admin/orders"]) {
      const res = await getPage(shop, path, cookie);
      expect(res.status).toBe(403);
      const page = await res.text();
      expect(page).toContain(html(hr("admin.forbidden.title")));
      expect(page).toContain(html(hr("admin.nav.label")));
    }
    expect((await getPage(shop, "/admin/consent", cookie)).status).toBe(200);
  });
});
