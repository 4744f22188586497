import { randomBytes } from "node:crypto";
import { hashPassword } from "@shop/platform/auth/password.ts";
import { expect } from "vitest";
import { CookieJar, type TestShop } from "./testing.ts";

/** The password of every customer `loggedInCustomer` creates. */
export const CUSTOMER_PASSWORD = "Lozinka-2024";

export interface TestCustomer {
  id: number;
  email: string;
  /** The customer's session on the site. */
  jar: CookieJar;
}

/**
 * A verified customer of their own (with `staff`, a back-office user), logged in on the site through
 * the login form. Their address is `<emailPrefix>-<random>@example.hr`.
 */
export async function loggedInCustomer(
  shop: TestShop,
  {
    emailPrefix,
    firstName = "Ivana",
    lastName = "Babić",
    staff = false,
  }: { emailPrefix: string; firstName?: string; lastName?: string; staff?: boolean },
): Promise<TestCustomer> {
  const email = `${emailPrefix}-${randomBytes(4).toString("hex")}@example.hr`;
  const now = new Date().toISOString();
  const row = await shop.db.db
    .insertInto("users")
    .values({
      email,
      username: email,
      password_hash: await hashPassword(CUSTOMER_PASSWORD),
      first_name: firstName,
      last_name: lastName,
      company_name: null,
      member_card_barcode: null,
      is_backoffice: staff ? 1 : 0,
      language: "hr",
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const jar = new CookieJar();
  expect((await shop.postForm("/prijava", { username: email, password: CUSTOMER_PASSWORD }, jar)).status).toBe(302);
  return { id: row.id, email, jar };
}
