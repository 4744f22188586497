import { randomBytes } from "node:crypto";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { hashPassword } from "@shop/platform/auth/password.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestShop, type TestShop } from "./testing.ts";

/**
 * The profile page's forms (SPEC §2 Profile) in-process, as a browser without JavaScript uses them:
 * each posts to the page, answers its errors there, and redirects back after a success.
 */

let shop: TestShop;
const hr = translator("hr");
const en = translator("en");
const PASSWORD = "Lozinka-2024";

beforeAll(async () => {
  shop = await createTestShop();
});

afterAll(() => shop.stop());

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

interface Customer {
  id: number;
  email: string;
  jar: CookieJar;
}

/** A verified customer of its own, logged in through the login form. */
async function customer(): Promise<Customer> {
  const email = `profil-${randomBytes(4).toString("hex")}@example.hr`;
  const now = new Date().toISOString();
  const row = await shop.db.db
    .insertInto("users")
    .values({
      email,
      username: email,
      password_hash: await hashPassword(PASSWORD),
      first_name: "Ivana",
      last_name: "Babić",
      company_name: null,
      member_card_barcode: null,
      is_backoffice: 0,
      language: "hr",
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const jar = new CookieJar();
  const login = await shop.postForm("/prijava", { username: email, password: PASSWORD }, jar);
  expect(login.status).toBe(302);
  return { id: row.id, email, jar };
}

async function apiLogin(email: string, password: string): Promise<number> {
  const res = await shop.app.request("/api/v1/login", {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  return res.status;
}

describe("change password", () => {
  it("needs a login: a visitor's post goes to the login page", async () => {
    const res = await shop.postForm("/profil", { intent: "password", oldPassword: PASSWORD, newPassword: "Nova-lozinka-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/prijava?redirect=%2Fprofil");
  });

  it("shows the SPEC §5 rules on their fields and changes nothing", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: "", newPassword: "kratka", passwordConfirmation: "druga" },
      c.jar,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(`id="field-oldPassword-error"`);
    expect(page).toContain(`id="field-newPassword-error"`);
    expect(page).toContain(html(hr("validation.repeatPassword")));
    expect(page).toMatch(/id="field-oldPassword"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-oldPassword"/);
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
  });

  it("refuses a new password equal to the old one", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: PASSWORD, newPassword: PASSWORD, passwordConfirmation: PASSWORD },
      c.jar,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(hr("validation.differentPassword")));
  });

  it("maps 'Incorrect old password.' to its own text on the old-password field, in the page's language", async () => {
    const c = await customer();
    const res = await shop.postForm(
      "/en/profile",
      { intent: "password", oldPassword: "Pogresna-lozinka", newPassword: "Nova-lozinka-1", passwordConfirmation: "Nova-lozinka-1" },
      c.jar,
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(`<p class="field__error" id="field-oldPassword-error">${html(en("core.errors.incorrectOldPassword"))}</p>`);
    expect(page).not.toContain("Incorrect old password.");
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
  });

  it("changes it, keeps this browser logged in, logs the other sessions out and shows the outcome on an empty form", async () => {
    const c = await customer();
    const other = new CookieJar();
    await shop.postForm("/prijava", { username: c.email, password: PASSWORD }, other);
    const res = await shop.postForm(
      "/profil",
      { intent: "password", oldPassword: PASSWORD, newPassword: "Nova-lozinka-1", passwordConfirmation: "Nova-lozinka-1" },
      c.jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profil?done=password#password");
    expect(await apiLogin(c.email, PASSWORD)).toBe(401);
    expect(await apiLogin(c.email, "Nova-lozinka-1")).toBe(200);

    const after = await shop.get("/profil?done=password", c.jar);
    expect(after.status).toBe(200);
    const page = await after.text();
    expect(page).toContain(html(hr("profile.password.changed")));
    expect(page).not.toContain("Nova-lozinka-1");

    // The other browser's session is over: the profile sends it to the login page.
    const elsewhere = await shop.get("/profil", other);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toContain("/prijava");
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
      body: new URLSearchParams({
        intent: "password",
        oldPassword: PASSWORD,
        newPassword: "Nova-lozinka-1",
        passwordConfirmation: "Nova-lozinka-1",
      }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await apiLogin(c.email, PASSWORD)).toBe(200);
  });
});
