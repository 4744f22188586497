import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale } from "@shop/contracts";
import deCart from "./messages/de/cart.json" with { type: "json" };
import deCartApi from "./messages/de/cart-api.json" with { type: "json" };
import deConsents from "./messages/de/consents.json" with { type: "json" };
import deContent from "./messages/de/content.json" with { type: "json" };
import deCore from "./messages/de/core.json" with { type: "json" };
import deForms from "./messages/de/forms.json" with { type: "json" };
import dePlatform from "./messages/de/platform.json" with { type: "json" };
import deProduct from "./messages/de/product.json" with { type: "json" };
import deReviewsApi from "./messages/de/reviews-api.json" with { type: "json" };
import deSearch from "./messages/de/search.json" with { type: "json" };
import deShop from "./messages/de/shop.json" with { type: "json" };
import deShopApi from "./messages/de/shop-api.json" with { type: "json" };
import deStorefront from "./messages/de/storefront.json" with { type: "json" };
import enCart from "./messages/en/cart.json" with { type: "json" };
import enCartApi from "./messages/en/cart-api.json" with { type: "json" };
import enConsents from "./messages/en/consents.json" with { type: "json" };
import enContent from "./messages/en/content.json" with { type: "json" };
import enCore from "./messages/en/core.json" with { type: "json" };
import enForms from "./messages/en/forms.json" with { type: "json" };
import enPlatform from "./messages/en/platform.json" with { type: "json" };
import enProduct from "./messages/en/product.json" with { type: "json" };
import enReviewsApi from "./messages/en/reviews-api.json" with { type: "json" };
import enSearch from "./messages/en/search.json" with { type: "json" };
import enShop from "./messages/en/shop.json" with { type: "json" };
import enShopApi from "./messages/en/shop-api.json" with { type: "json" };
import enStorefront from "./messages/en/storefront.json" with { type: "json" };
import hrCart from "./messages/hr/cart.json" with { type: "json" };
import hrCartApi from "./messages/hr/cart-api.json" with { type: "json" };
import hrConsents from "./messages/hr/consents.json" with { type: "json" };
import hrContent from "./messages/hr/content.json" with { type: "json" };
import hrCore from "./messages/hr/core.json" with { type: "json" };
import hrForms from "./messages/hr/forms.json" with { type: "json" };
import hrPlatform from "./messages/hr/platform.json" with { type: "json" };
import hrProduct from "./messages/hr/product.json" with { type: "json" };
import hrReviewsApi from "./messages/hr/reviews-api.json" with { type: "json" };
import hrSearch from "./messages/hr/search.json" with { type: "json" };
import hrShop from "./messages/hr/shop.json" with { type: "json" };
import hrShopApi from "./messages/hr/shop-api.json" with { type: "json" };
import hrStorefront from "./messages/hr/storefront.json" with { type: "json" };

export type Messages = Record<string, string>;
/** One file per area (core: validation and API errors; platform: e-mails; storefront: the site shell; then one per feature). */
export const messages: Record<Locale, Messages> = {
  hr: {
    ...hrCore,
    ...hrPlatform,
    ...hrStorefront,
    ...hrContent,
    ...hrForms,
    ...hrConsents,
    ...hrSearch,
    ...hrShop,
    ...hrCart,
    ...hrShopApi,
  },
  en: {
    ...enCore,
    ...enPlatform,
    ...enStorefront,
    ...enContent,
    ...enForms,
    ...enConsents,
    ...enSearch,
    ...enShop,
    ...enCart,
    ...enShopApi,
  },
  de: {
    ...deCore,
    ...dePlatform,
    ...deStorefront,
    ...deContent,
    ...deForms,
    ...deConsents,
    ...deSearch,
    ...deShop,
    ...deCart,
    ...deShopApi,
  },
};

/**
 * Looks a key up in the locale, then in the fallback (hr); a key missing everywhere shows a
 * developer placeholder (SPEC §5) instead of an empty string.
 */
export function t(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = messages[locale]?.[key] ?? messages[FALLBACK_LOCALE][key];
  if (text === undefined) return `[missing: ${key}]`;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] === undefined ? m : String(params[name])));
}

/** Whether a key has a text (in the fallback language, where every key must exist). */
export function hasMessage(key: string): boolean {
  return messages[FALLBACK_LOCALE][key] !== undefined;
}

export function translator(locale: Locale = DEFAULT_LOCALE) {
  return (key: string, params?: Record<string, string | number>) => t(locale, key, params);
}

const INTL_LOCALE: Record<Locale, string> = { hr: "hr-HR", en: "en-GB", de: "de-DE" };

// Intl formatters are costly to build; one per locale and style is enough.
const priceFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatPrice(locale: Locale, amount: number, currency = "EUR"): string {
  const key = `${locale}|${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}

export function formatDate(locale: Locale, iso: string, style: "short" | "long" = "short"): string {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style });
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}
