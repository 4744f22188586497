import type { Locale } from "@shop/contracts";
import type { Messages } from "../translate.ts";
import de from "./de/admin.json" with { type: "json" };
import en from "./en/admin.json" with { type: "json" };
import hr from "./hr/admin.json" with { type: "json" };

/**
 * The back office's texts (admin pages, the admin bar, the staff login): kept out of the languages'
 * files that every visitor's page carries; the storefront loads them for staff only
 * (`loadAdminMessages`), the server has them always.
 */
export const adminMessages: Record<Locale, Messages> = { hr, en, de };
