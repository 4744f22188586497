import { ACTIVE_LOCALES, LOCALES, type Locale, switchLocalePath } from "@shop/contracts";
import { useLocation, useMatches } from "react-router";
import { useLocale, useT } from "../../ui/i18n.tsx";

/** Pages that know their own address in other languages (content pages with translations) return this. */
export interface AlternatePaths {
  alternates: Partial<Record<Locale, string>>;
}

function hasAlternates(value: unknown): value is AlternatePaths {
  return typeof value === "object" && value !== null && "alternates" in value && typeof value.alternates === "object";
}

const NAMES: Record<Locale, string> = { hr: "Hrvatski", en: "English", de: "Deutsch" };

/**
 * SPEC §4 Language switch: the same page in another language. All three are listed; only hr is an
 * active interface language (SPEC §1), the others are marked as not active yet.
 */
export function LanguagePicker() {
  const t = useT();
  const current = useLocale();
  const location = useLocation();
  const matches = useMatches();
  const alternates = matches.map((m) => m.loaderData).find(hasAlternates)?.alternates;
  return (
    <nav className="lang-picker" aria-label={t("lang.label")}>
      <ul>
        {LOCALES.map((locale) => {
          const active = ACTIVE_LOCALES.includes(locale);
          const href = alternates?.[locale] ?? switchLocalePath(location.pathname, locale);
          return (
            <li key={locale} className={`lang-picker__item${active ? "" : " lang-picker__item--inactive"}`}>
              <a
                href={href}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? "true" : undefined}
                title={active ? NAMES[locale] : `${NAMES[locale]} – ${t("lang.inactive")}`}
                className="lang-picker__link"
              >
                <span aria-hidden="true">{locale.toUpperCase()}</span>
                <span className="sr-only">
                  {NAMES[locale]}
                  {active ? "" : ` (${t("lang.inactive")})`}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
