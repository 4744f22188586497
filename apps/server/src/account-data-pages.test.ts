import { translator } from "@shop/i18n";
import { describe, expect, it } from "vitest";
import { loggedInCustomer, CUSTOMER_PASSWORD as PASSWORD } from "./customers.test-support.ts";
import { html, useTestShop } from "./testing.ts";

/**
 * The profile's 'Your data' section in-process, as a browser without JavaScript uses it: the JSON
 * download and the delete-account form.
 */

const shop = useTestShop();
const hr = translator("hr");
const en = translator("en");

/** A verified customer of its own (or a staff member), logged in through the login form. */
const customer = (staff = false) => loggedInCustomer(shop, { emailPrefix: "podaci", staff });

const accountExists = async (id: number) => (await shop.db.db.selectFrom("users").select("id").where("id", "=", id).execute()).length === 1;

describe("the data download", () => {
  it("answers the customer's data, and nobody else's, as a JSON attachment that is never stored", async () => {
    const c = await customer();
    const other = await customer();
    const res = await shop.get("/account/my-data?from=%2Fprofil", c.jar);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    const doc = JSON.parse(text) as { account: { email: string; firstName: string }; orders: unknown[] };
    expect(doc.account).toMatchObject({ email: c.email, firstName: "Ivana" });
    expect(doc.orders).toEqual([]);
    expect(text).not.toContain(other.email);
  });

  it("is linked from the profile, with the delete form, in the page's language", async () => {
    const c = await customer();
    const hrPage = await (await shop.get("/profil", c.jar)).text();
    expect(hrPage).toContain('href="/account/my-data?from=%2Fprofil"');
    expect(hrPage).toContain(html(hr("profile.data.deleteKept")));
    expect(hrPage).toContain('name="intent" value="deleteAccount"');
    const enPage = await (await shop.get("/en/profile", c.jar)).text();
    expect(enPage).toContain(html(en("profile.data.title")));
    expect(enPage).toContain('href="/account/my-data?from=%2Fen%2Fprofile"');
  });

  it("offers staff the download but not the deletion of their account", async () => {
    const staff = await customer(true);
    const page = await (await shop.get("/profil", staff.jar)).text();
    expect(page).toContain('href="/account/my-data?from=%2Fprofil"');
    expect(page).not.toContain('name="intent" value="deleteAccount"');
  });

  it("sends a visitor to the login page", async () => {
    const res = await shop.get("/account/my-data");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/prijava?redirect=%2Fprofil");
  });
});

describe("deleting the account", () => {
  it("refuses a wrong password on its field and keeps the account", async () => {
    const c = await customer();
    const res = await shop.postForm("/profil", { intent: "deleteAccount", password: "Kriva-lozinka-1", confirm: "yes" }, c.jar);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("error.incorrectPassword")));
    expect(await accountExists(c.id)).toBe(true);
    expect((await shop.get("/profil", c.jar)).status).toBe(200);
  });

  it("refuses without the ticked box and keeps the account", async () => {
    const c = await customer();
    const res = await shop.postForm("/profil", { intent: "deleteAccount", password: PASSWORD }, c.jar);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('id="field-delete-confirm-error"');
    expect(await accountExists(c.id)).toBe(true);
  });

  it("refuses a post from another site", async () => {
    const c = await customer();
    const res = await shop.app.request("/profil", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        cookie: c.jar.header(),
      },
      body: new URLSearchParams({ intent: "deleteAccount", password: PASSWORD, confirm: "yes" }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await accountExists(c.id)).toBe(true);
  });

  it("deletes it, clears the session cookies and lands on the home page with a notice", async () => {
    const c = await customer();
    expect(c.jar.get("accessToken")).toBeTruthy();
    const res = await shop.postForm("/en/profile", { intent: "deleteAccount", password: PASSWORD, confirm: "yes" }, c.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en?accountDeleted=1");
    expect(c.jar.get("accessToken")).toBeUndefined();
    expect(c.jar.get("refreshToken")).toBeUndefined();
    expect(await accountExists(c.id)).toBe(false);

    const home = await shop.get("/en?accountDeleted=1", c.jar);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(html(en("profile.data.deleted")));
    const profile = await shop.get("/en/profile", c.jar);
    expect(profile.status).toBe(302);
    expect(profile.headers.get("location")).toContain("/en/login");
  });
});
