import { DEFAULT_LOCALE, type Locale, localizedPath, type RouteName } from "@shop/contracts";
import { createContext, type ReactNode, use, useContext } from "react";
import { loadedMessages, loadMessages, translatorOf } from "./messages.ts";

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/**
 * The translator of a language. Hydration starts once the page's language is here (entry.client);
 * a later page in another language suspends until its texts arrive, which keeps the last page on
 * screen meanwhile (navigations are transitions).
 */
export function useTranslator(locale: Locale) {
  return translatorOf(loadedMessages(locale) ?? use(loadMessages(locale)));
}

export function useT() {
  return useTranslator(useLocale());
}

/** Localized path of a named route in the current language. */
export function usePath() {
  const locale = useLocale();
  return (name: RouteName, params?: Record<string, string | number | undefined>) => localizedPath(name, locale, params);
}
