import { EVENT_TIME_ZONE, type Locale } from "@shop/contracts";

const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };

// Building an Intl formatter is costly; one per locale and style is enough.
const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, style: "range" | "day"): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = formats.get(key);
  if (!f) {
    // Always the business's zone: the server's and the visitor's zones must not change the date shown.
    f = new Intl.DateTimeFormat(
      INTL_LOCALE[locale],
      style === "range"
        ? { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: EVENT_TIME_ZONE }
        : { day: "numeric", month: "long", year: "numeric", timeZone: EVENT_TIME_ZONE },
    );
    formats.set(key, f);
  }
  return f;
}

/** "subota, 6. prosinca 2026. 10:00 – 18:00"; the date is written once when both ends share it. */
export function formatEventRange(locale: Locale, startsAt: string, endsAt: string): string {
  return format(locale, "range").formatRange(new Date(startsAt), new Date(endsAt));
}

/** "22. studenoga 2026." */
export function formatDay(locale: Locale, iso: string): string {
  return format(locale, "day").format(new Date(iso));
}
