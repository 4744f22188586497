import type { Locale } from "@shop/contracts";
import type { Messages } from "../translate.ts";
import de from "./de/mail.json" with { type: "json" };
import deMedia from "./de/media.json" with { type: "json" };
import en from "./en/mail.json" with { type: "json" };
import enMedia from "./en/media.json" with { type: "json" };
import hr from "./hr/mail.json" with { type: "json" };
import hrMedia from "./hr/media.json" with { type: "json" };

/**
 * Texts only the server writes (e-mails, the payment slip, the provider hand-over form, why an upload
 * refused a file): kept out of `hr.ts`, which every page's JavaScript carries.
 */
export const serverMessages: Record<Locale, Messages> = {
  hr: { ...hr, ...hrMedia },
  en: { ...en, ...enMedia },
  de: { ...de, ...deMedia },
};
