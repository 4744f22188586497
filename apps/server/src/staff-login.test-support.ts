import { createBackofficeUser } from "@shop/platform/modules/user/index.ts";
import { expect } from "vitest";
import type { ShopServer } from "./server.ts";
import { CookieJar, formBody } from "./testing.ts";

/** Staff sessions for the back office's page tests: log in at the staff login form, as the seeded admin or as new staff with scopes. */

export type StaffScope = "content" | "shop" | "orders" | "settings";

/** The password of the staff that `staffWith` creates. */
export const STAFF_PASSWORD = "Lozinka-2024";

/** A form post with the given cookies (no origin header, as a plain client sends it); a field given a list is repeated (checkboxes). */
export async function postForm(
  shop: ShopServer,
  path: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return shop.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
    body: formBody(fields),
  });
}

/** A GET with the given cookies. */
export const getPage = (shop: ShopServer, path: string, cookie?: string) => shop.app.request(path, { headers: cookie ? { cookie } : {} });

/** Logs in at the staff login and answers the login's answer (a redirect). */
async function logIn(shop: ShopServer, email: string, password: string): Promise<Response> {
  const res = await postForm(shop, "/adminLogin", { username: email, password });
  expect(res.status).toBe(302);
  return res;
}

/** The session's cookies after a staff login, as a Cookie header (the ones it clears left out). */
export async function staffLogin(shop: ShopServer, email: string, password: string): Promise<string> {
  return (await logIn(shop, email, password)).headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair?.endsWith("="))
    .join("; ");
}

/** The same login into a cookie jar that follows the later answers. */
export async function staffLoginJar(shop: ShopServer, email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  jar.take(await logIn(shop, email, password));
  return jar;
}

function seededAdmin(shop: ShopServer) {
  const seeded = shop.seeded?.admin;
  if (!seeded) throw new Error("demo not seeded");
  return seeded;
}

/** The demo's administrator, logged in. */
export function adminLogin(shop: ShopServer): Promise<string> {
  const { email, password } = seededAdmin(shop);
  return staffLogin(shop, email, password);
}

/** The demo's administrator, logged in, in a cookie jar. */
export function adminLoginJar(shop: ShopServer): Promise<CookieJar> {
  const { email, password } = seededAdmin(shop);
  return staffLoginJar(shop, email, password);
}

let seq = 0;
/** A new staff member with only these scopes, created in the shop's database; answers their address. */
export async function createStaff(shop: ShopServer, scopes: StaffScope[]): Promise<string> {
  const email = `osoblje-${++seq}-${Date.now()}@example.hr`;
  await createBackofficeUser(shop.db.db, email, STAFF_PASSWORD, { role: "staff", scopes });
  return email;
}

/** New staff with only these scopes, logged in. */
export async function staffWith(shop: ShopServer, scopes: StaffScope[]): Promise<string> {
  return staffLogin(shop, await createStaff(shop, scopes), STAFF_PASSWORD);
}

/** New staff with only these scopes, logged in, in a cookie jar. */
export async function staffWithJar(shop: ShopServer, scopes: StaffScope[]): Promise<CookieJar> {
  return staffLoginJar(shop, await createStaff(shop, scopes), STAFF_PASSWORD);
}
