import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { translator } from "@shop/i18n";
import { signAccessToken } from "@shop/platform/auth/tokens.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createShopServer, type ShopServer } from "./server.ts";

/**
 * The account pages (login, session renewal, logout, register, password reset) in-process through
 * the composed server: each reaches the platform through the endpoint table, so a wrong entry or
 * input shape shows here without a browser.
 */

const SECRET = "s".repeat(40);
let dir: string;
let shop: ShopServer;
const t = translator("hr");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-account-"));
  const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`, SECRET, LOG: "json", PORT: "3998", SEED: "demo" });
  shop = await createShopServer(config, { logSink: () => {} });
});

afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return shop.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The cookies a response sets, by name (an emptied one reads as ''). */
function setCookies(res: Response): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((cookie) => {
      const pair = cookie.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      return [pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1))];
    }),
  );
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await shop.app.request(`/api${path}`, {
    method,
    headers: { apiKey: DEMO_API_KEY, ...(body ? { "content-type": "application/json" } : {}), ...(token ? { accessToken: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

type Tokens = { accessToken: string; refreshToken: string };
const apiLogin = (username: string, password: string) =>
  api<{ data: { tokens: Tokens } }>("POST", "/v1/login", { username, password }).then((r) => r.data.tokens);

/** The newest mail to `to` whose text matches (mail goes out after the answer, into the outbox without SMTP_URL). */
async function mailTo(to: string, matching = /./): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const rows = await shop.db.db.selectFrom("outbox").select("text_body").where("to_address", "=", to).orderBy("id", "desc").execute();
    const row = rows.find((r) => matching.test(r.text_body));
    if (row) return row.text_body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

let seq = 0;
const newEmail = () => `racun-${++seq}-${Date.now()}@example.hr`;
const PASSWORD = "Lozinka-2024";

describe("login page", () => {
  it("shows the server's refusal for a wrong password (401) and logs in with the right one", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const wrong = await post("/prijava", { username: customer.email, password: "pogresna-lozinka" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(html(t("core.errors.unknownUserOrPassword")));

    const right = await post("/prijava", { username: customer.email, password: customer.password });
    expect(right.status).toBe(302);
    const cookies = setCookies(right);
    expect(cookies.accessToken?.split(".")).toHaveLength(3);
    expect(cookies.refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it("shows no social login buttons when no provider is configured (the demo)", async () => {
    const page = await (await shop.app.request("/prijava")).text();
    expect(page).toContain(html(t("auth.login.submit")));
    expect(page).not.toContain('action="/social-login"');
    expect(page).not.toContain(html(t("auth.login.socialHeading")));
  });
});

describe("session", () => {
  it("renews an expired session with the refresh cookie and sets the new pair", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const { refreshToken } = await apiLogin(customer.email, customer.password);
    const res = await shop.app.request("/", { headers: { cookie: `refreshToken=${refreshToken}` } });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.accessToken?.split(".")).toHaveLength(3);
    expect(cookies.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(cookies.refreshToken).not.toBe(refreshToken);
  });

  it("keeps the customer logged in, with the cart, when three requests renew one expired session at once", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const { refreshToken } = await apiLogin(customer.email, customer.password);
    const cart = await api<{ data: { cartId: number; protectCode: string } }>("GET", "/v2/cart/getNewCartSession");
    const expired = signAccessToken(SECRET, { userId: 2, isBackoffice: false, session: "x" }, Date.now() - 3_600_000);
    const cookie = `accessToken=${expired}; refreshToken=${refreshToken}; cartId=${cart.data.cartId}; protectCode=${cart.data.protectCode}`;
    // Two tabs and a prefetch after 15 minutes idle.
    const answers = await Promise.all(["/", "/kosarica", "/profil"].map((path) => shop.app.request(path, { headers: { cookie } })));
    const set = answers.map(setCookies);
    for (const [i, res] of answers.entries()) {
      expect(res.status, `answer ${i}`).toBe(200);
      expect(set[i]?.cartId, `answer ${i} keeps the cart`).toBeUndefined();
      expect(set[i]?.protectCode).toBeUndefined();
      expect(set[i]?.refreshToken).toMatch(/^[\w-]{40,}$/);
    }
    const successor = set[0]?.refreshToken as string;
    expect(new Set(set.map((c) => c.refreshToken))).toEqual(new Set([successor]));
    expect(await answers[2]?.text()).toContain(html(t("profile.title")));
    // The winner's token was not revoked as a leak: the session goes on.
    const later = await shop.app.request("/profil", { headers: { cookie: `refreshToken=${successor}` } });
    expect(later.status).toBe(200);
    expect(setCookies(later).refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it("clears the session cookies when the refresh token is refused", async () => {
    const res = await shop.app.request("/", { headers: { cookie: "accessToken=x.y.z; refreshToken=made-up-token" } });
    expect(res.status).toBe(200);
    expect(setCookies(res)).toMatchObject({ accessToken: "", refreshToken: "" });
  });

  it("logout revokes the refresh token and clears the cookies", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const { refreshToken } = await apiLogin(customer.email, customer.password);
    const res = await post("/logout", { locale: "hr" }, `refreshToken=${refreshToken}`);
    expect(res.status).toBe(302);
    expect(setCookies(res)).toMatchObject({ accessToken: "", refreshToken: "" });
    const refreshed = await shop.app.request("/api/v1/refresh", { headers: { apiKey: DEMO_API_KEY, refreshToken } });
    expect(refreshed.status).toBe(401);
  });
});

describe("register page", () => {
  it("registers, and the e-mailed link confirms the address on the login page once", async () => {
    const form = await (await shop.app.request("/registracija")).text();
    const consents = Object.fromEntries([...form.matchAll(/name="(consent\.\d+)"/g)].map((m) => [m[1], "on"]));
    const email = newEmail();
    const res = await post("/registracija", {
      "details.firstName": "Ivana",
      "details.lastName": "Babić",
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      ...consents,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(t("auth.register.checkEmail")));

    // An address that has an account answers the same (its owner is told by e-mail): nobody learns which addresses have one.
    const again = await post("/registracija", {
      "details.firstName": "Ivana",
      "details.lastName": "Babić",
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      ...consents,
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(html(t("auth.register.checkEmail")));

    const token = /verificationToken=([\w-]+)/.exec(await mailTo(email, /verificationToken=/))?.[1];
    expect(token).toBeTruthy();
    const confirmed = await shop.app.request(`/prijava?verificationToken=${token}`);
    expect(await confirmed.text()).toContain(html(t("core.notifications.emailConfirmed")));
    // The page cache keeps anonymous pages by URL (the first answer would come back): ask the platform again.
    shop.pageCache.clear();
    const reused = await shop.app.request(`/prijava?verificationToken=${token}`);
    expect(await reused.text()).toContain(html(t("error.tokenInvalid")));
  });
});

describe("register page with addresses (SPEC §3/§5 address mode)", () => {
  const DELIVERY = {
    "delivery.firstName": "Ivana",
    "delivery.lastName": "Babić",
    "delivery.contactEmail": "ivana@example.hr",
    "delivery.contactPhone": "+385 91 555 0101",
    "delivery.street": "Ilica",
    "delivery.houseNumber": "1",
    "delivery.zipCode": "10000",
    "delivery.city": "Zagreb",
    "delivery.country": "HR",
  };
  const account = async () => {
    const form = await (await shop.app.request("/registracija")).text();
    const consents = Object.fromEntries([...form.matchAll(/name="(consent\.\d+)"/g)].map((m) => [m[1] as string, "on"]));
    return {
      "details.firstName": "Ivana",
      "details.lastName": "Babić",
      email: newEmail(),
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      ...consents,
    };
  };
  const addressesOf = async (email: string) => {
    const user = await shop.db.db
      .selectFrom("users")
      .select(["id", "default_delivery_address_id", "default_billing_address_id"])
      .where("email", "=", email)
      .executeTakeFirst();
    const rows = user ? await shop.db.db.selectFrom("addresses").selectAll().where("user_id", "=", user.id).orderBy("id").execute() : [];
    return { user, rows };
  };

  it("offers the delivery and billing forms behind their boxes", async () => {
    const page = await (await shop.app.request("/registracija")).text();
    expect(page).toContain('id="toggle-withAddresses"');
    expect(page).toContain('name="delivery.street"');
    expect(page).toContain('name="billing.street"');
  });

  it("registers with one address as delivery and billing, both the account's defaults", async () => {
    const fields = await account();
    const res = await post("/registracija", { ...fields, withAddresses: "1", ...DELIVERY });
    expect(res.status).toBe(200);
    const { user, rows } = await addressesOf(fields.email);
    expect(rows.map((r) => [r.type, r.street])).toEqual([
      ["shipping", "Ilica"],
      ["main", "Ilica"],
    ]);
    expect(user).toMatchObject({ default_delivery_address_id: rows[0]?.id, default_billing_address_id: rows[1]?.id });
  });

  it("registers a different billing address when its box is ticked", async () => {
    const fields = await account();
    const billing = Object.fromEntries(Object.entries(DELIVERY).map(([k, v]) => [k.replace("delivery.", "billing."), v]));
    const res = await post("/registracija", {
      ...fields,
      withAddresses: "1",
      billingDifferent: "1",
      ...DELIVERY,
      ...billing,
      "billing.street": "Vukovarska",
    });
    expect(res.status).toBe(200);
    expect((await addressesOf(fields.email)).rows.map((r) => [r.type, r.street])).toEqual([
      ["shipping", "Ilica"],
      ["main", "Vukovarska"],
    ]);
  });

  it("checks the open sections with the SPEC §5 rules, keeps what was typed, and registers nothing", async () => {
    const fields = await account();
    const res = await post("/registracija", {
      ...fields,
      withAddresses: "1",
      billingDifferent: "1",
      ...DELIVERY,
      "delivery.firstName": "Ivana2",
      "delivery.houseNumber": "1".repeat(16),
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(t("validation.lettersOnly")));
    expect(page).toContain('id="field-delivery-houseNumber-error"');
    expect(page).toContain('id="field-billing-street-error"');
    expect(page).toContain('value="Ivana2"');
    expect((await addressesOf(fields.email)).user).toBeUndefined();
  });

  it("ignores the address fields when the box is not ticked", async () => {
    const fields = await account();
    const res = await post("/registracija", { ...fields, ...DELIVERY, "delivery.street": "" });
    expect(res.status).toBe(200);
    const { user, rows } = await addressesOf(fields.email);
    expect(user).toBeDefined();
    expect(rows).toEqual([]);
  });
});

describe("forgot-password page", () => {
  it("e-mails a link whose token sets a new password", async () => {
    const email = newEmail();
    await api("POST", "/v1/user/web/register", {
      details: { firstName: "Marko", lastName: "Horvat" },
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    const asked = await post("/zaboravljena-lozinka", { email });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(html(t("auth.forgot.sent")));

    const token = /[?&]token=([\w-]+)/.exec(await mailTo(email, /[?&]token=/))?.[1] ?? "";
    const set = await post("/zaboravljena-lozinka", { token, password: "Nova-lozinka-2025", passwordConfirmation: "Nova-lozinka-2025" });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/prijava?passwordSet=1");
    expect((await apiLogin(email, "Nova-lozinka-2025")).accessToken).toBeTruthy();

    const reused = await post("/zaboravljena-lozinka", {
      token,
      password: "Treca-lozinka-2026",
      passwordConfirmation: "Treca-lozinka-2026",
    });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain(html(t("error.tokenInvalid")));
  });
});

describe("login form rules", () => {
  it("refuses a password under 8 characters (SPEC §5) without asking the platform", async () => {
    const res = await post("/prijava", { username: "netko@example.hr", password: "kratka" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(t("validation.minLength", { length: 8 })));
  });

  it("shows the captcha once an account has had too many failed logins, and says why", async () => {
    const username = newEmail();
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await post("/prijava", { username, password: `Krivo-${i}-lozinka` });
    expect(last?.status).toBe(401);
    const page = await (last as Response).text();
    expect(page).toContain(html(t("error.captchaRequired")));
    expect(page).toContain('class="captcha"');
  });
});

describe("e-mail change link", () => {
  it("confirms the new address on the login page", async () => {
    const email = newEmail();
    await api("POST", "/v1/user/web/register", { details: { firstName: "Iva", lastName: "Kos" }, email, password: PASSWORD });
    const { accessToken } = await apiLogin(email, PASSWORD);
    const next = newEmail();
    await api("PATCH", "/v1/user/web/update", { email: next, password: PASSWORD }, accessToken);
    const token = /emailToken=([\w-]+)/.exec(await mailTo(next))?.[1];
    expect(token).toBeTruthy();
    const res = await shop.app.request(`/prijava?emailToken=${token}`);
    expect(await res.text()).toContain(html(t("core.notifications.emailChanged")));
    expect((await apiLogin(next, PASSWORD)).accessToken).toBeTruthy();
  });
});
