import type { Locale } from "@shop/contracts";
import type { Messages } from "../translate.ts";
import de from "./de/mail.json" with { type: "json" };
import en from "./en/mail.json" with { type: "json" };
import hr from "./hr/mail.json" with { type: "json" };

/**
 * Texts only the server writes (e-mails, the payment slip, the provider hand-over form): kept out of
 * `hr.ts`, which every page's JavaScript carries.
 */
export const serverMessages: Record<Locale, Messages> = { hr, en, de };
