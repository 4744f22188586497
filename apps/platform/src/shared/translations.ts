import { FALLBACK_LOCALE, type Locale } from "@shop/contracts";

/**
 * SPEC §1: content missing in the request's language is shown in the fallback language (hr). The
 * one place that knows the order: repositories read rows of `languagesFor(locale)`, services keep
 * the best with `pickTranslation`.
 */
export function languagesFor(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
}

/** The row in the request's language, else the fallback's; with `anyLanguage`, else the first there is. */
export function pickTranslation<T extends { language_code: string }>(
  rows: readonly T[],
  locale: Locale,
  anyLanguage = false,
): T | undefined {
  const best = rows.find((r) => r.language_code === locale) ?? rows.find((r) => r.language_code === FALLBACK_LOCALE);
  return best ?? (anyLanguage ? rows[0] : undefined);
}
