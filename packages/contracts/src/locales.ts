/** SPEC §1 and §9: hr is the default (no prefix) and the fallback; only hr is shown as active. */
export const LOCALES = ["hr", "en", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "hr";
export const FALLBACK_LOCALE: Locale = "hr";
export const ACTIVE_LOCALES: readonly Locale[] = ["hr"];
/** Three-letter codes the platform uses in the language header and CMS options (SPEC §3 Language). */
export const LOCALE_ISO3: Record<Locale, string> = { hr: "hrv", en: "eng", de: "ger" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Accepts a two- or three-letter code and returns the locale, or undefined when it is not allowed. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (isLocale(v)) return v;
  const found = (Object.entries(LOCALE_ISO3) as [Locale, string][]).find(([, iso]) => iso === v);
  return found?.[0];
}

export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}
