import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Page } from "playwright-core";
import { waitForPath } from "./assert.ts";
import { submitLogin } from "./login.ts";
import { apiCall, apiLogin, type ShopProcess } from "./server.ts";
import type { Mail } from "./smtp.ts";

/** `waitForMail` of `useSmtpInbox`. */
type WaitForMail = (test: (mail: Mail) => boolean) => Promise<Mail>;

/** Logs in at the staff login on this page and waits for the back office's start page. */
export async function logInAsStaff(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/adminLogin");
  await submitLogin(page, email, password);
  await waitForPath(page, (p) => p === "/admin");
}

/** Sets the password through the link in the staff invitation mailed to `email`. */
export async function acceptInvitation(shop: ShopProcess, waitForMail: WaitForMail, email: string, password: string): Promise<void> {
  const mail = await waitForMail((m) => m.to.includes(email));
  const token = decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1] ?? "");
  await apiCall(shop, "POST", "/v1/user/password/set", { token, password });
}

export interface NewStaff {
  email: string;
  firstName: string;
  lastName: string;
  language?: string;
  scopes: ("content" | "shop" | "orders" | "settings")[];
}

/** New staff with only their scopes, invited by the demo's administrator through the API, who set `password` from the invitation. */
export async function inviteStaff(shop: ShopProcess, waitForMail: WaitForMail, staff: NewStaff, password: string): Promise<void> {
  const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);
  await apiCall(shop, "POST", "/v1/staff/create", { ...staff, role: "staff" }, token);
  await acceptInvitation(shop, waitForMail, staff.email, password);
}
