import { BUSINESS_TIME_ZONE, type Locale } from "@shop/contracts";

const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };

// Building an Intl formatter is costly; one per locale is enough.
const formats = new Map<Locale, Intl.DateTimeFormat>();

/** "subota, 6. prosinca 2026. 10:00 – 18:00"; the date is written once when both ends share it. */
export function formatEventRange(locale: Locale, startsAt: string, endsAt: string): string {
  let format = formats.get(locale);
  if (!format) {
    // Always the business's zone: the server's and the visitor's zones must not change the date shown.
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: BUSINESS_TIME_ZONE,
    });
    formats.set(locale, format);
  }
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}
