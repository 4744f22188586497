import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale, type WeekHours } from "@shop/contracts";
import { groupedOpeningHours } from "./format.ts";
import { adminMessages } from "./messages/admin.ts";
import de from "./messages/de.ts";
import en from "./messages/en.ts";
import hr from "./messages/hr.ts";
import { serverMessages } from "./messages/server.ts";
import { type MessageParams, type Messages, translate } from "./translate.ts";

export { businessYear, formatDate, formatNumber, formatPrice } from "./format.ts";
export type { MessageParams, Messages } from "./translate.ts";

/** Every text of a language: what pages show (also in the browser), the back office's and what only the server writes. */
export const messages: Record<Locale, Messages> = {
  hr: { ...hr, ...serverMessages.hr, ...adminMessages.hr },
  en: { ...en, ...serverMessages.en, ...adminMessages.en },
  de: { ...de, ...serverMessages.de, ...adminMessages.de },
};

/** The text of a key in a language, falling back to hr (see translate). */
export function t(locale: Locale, key: string, params?: MessageParams): string {
  return translate(messages[locale], messages[FALLBACK_LOCALE], key, params);
}

/** Whether a key has a text (in the fallback language, where every key must exist). */
export function hasMessage(key: string): boolean {
  return messages[FALLBACK_LOCALE][key] !== undefined;
}

export function translator(locale: Locale = DEFAULT_LOCALE) {
  return (key: string, params?: MessageParams) => t(locale, key, params);
}

/** A branch's opening hours in the language, one line per run of days with the same hours. */
export function openingHoursLines(locale: Locale, week: WeekHours): string[] {
  return groupedOpeningHours(locale, week, t(locale, "hours.closed"));
}
