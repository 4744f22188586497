import { BUSINESS_TIME_ZONE, type Locale, type WeekHours } from "@shop/contracts";

const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };

// Intl formatters are costly to build; one per locale and style is enough.
const priceFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `display: "code"` writes "123,55 EUR" instead of "123,55 €", as payment slips do. */
export function formatPrice(locale: Locale, amount: number, currency = "EUR", display: "symbol" | "code" = "symbol"): string {
  const key = `${locale}|${currency}|${display}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency,
      currencyDisplay: display,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}

/** The date in the business's zone, so the server's render and the visitor's browser agree. */
export function formatDate(locale: Locale, iso: string, style: "short" | "long" = "short"): string {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style, timeZone: BUSINESS_TIME_ZONE });
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A plain number in the language's style ('4,5' in Croatian), with at most `maxDigits` decimals. */
export function formatNumber(locale: Locale, value: number, maxDigits = 2): string {
  const key = `${locale}|${maxDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: maxDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const yearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: BUSINESS_TIME_ZONE });

/** The year it is at the business now (for the copyright line). */
export function businessYear(now = new Date()): number {
  return Number(yearFormat.format(now));
}

const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** The day's name in the language (0 is Monday), as Intl writes it ('ponedjeljak', 'Monday'). */
function weekday(locale: Locale, index: number): string {
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "long", timeZone: "UTC" });
    weekdayFormats.set(locale, format);
  }
  // 1 January 2024 was a Monday.
  return format.format(new Date(Date.UTC(2024, 0, 1 + index)));
}

/**
 * Opening hours as lines ('Ponedjeljak – petak: 07:00 – 20:00'), Monday first, consecutive days
 * with the same hours on one line; `closed` is the word for a closed day.
 */
export function groupedOpeningHours(locale: Locale, week: WeekHours, closed: string): string[] {
  const text = week.map((day) => (day ? `${day.opens} – ${day.closes}` : closed));
  const lines: string[] = [];
  for (let first = 0; first < text.length; ) {
    let last = first;
    while (last + 1 < text.length && text[last + 1] === text[first]) last++;
    const from = weekday(locale, first);
    const days = `${from.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale])}${from.slice(1)}${last > first ? ` – ${weekday(locale, last)}` : ""}`;
    lines.push(`${days}: ${text[first]}`);
    first = last + 1;
  }
  return lines;
}
