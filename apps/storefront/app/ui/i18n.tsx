import { type Locale, localizedPath, type RouteName } from "@shop/contracts";
import { t as translate } from "@shop/i18n";
import { createContext, type ReactNode, useContext } from "react";

const LocaleContext = createContext<Locale>("hr");

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT() {
  const locale = useLocale();
  return (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
}

/** Localized path of a named route in the current language. */
export function usePath() {
  const locale = useLocale();
  return (name: RouteName, params?: Record<string, string | number | undefined>) => localizedPath(name, locale, params);
}
