import { BUSINESS_TIME_ZONE, type Locale } from "@shop/contracts";

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
