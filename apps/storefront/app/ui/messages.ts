import type { Locale } from "@shop/contracts";
import hr from "@shop/i18n/messages/hr.ts";
import { type MessageParams, type Messages, translate } from "@shop/i18n/translate.ts";

/**
 * The texts a page needs, by language. hr is every language's fallback, so it is always here; en
 * and de are loaded when a page in them is shown, so a browser gets only its page's language.
 */
const loaded: Partial<Record<Locale, Messages>> = { hr };
const LOADERS: Record<Exclude<Locale, "hr">, () => Promise<{ default: Messages }>> = {
  en: () => import("@shop/i18n/messages/en.ts"),
  de: () => import("@shop/i18n/messages/de.ts"),
};
const loading = new Map<Locale, Promise<Messages>>();
/** The back office's texts once staff need them (kept out of every visitor's page). */
let admin: Record<Locale, Messages> | null = null;

/** The language's texts if they are already here. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded[locale];
}

/** Loads the language's texts once; hr resolves at once. */
export function loadMessages(locale: Locale): Promise<Messages> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale as Exclude<Locale, "hr">]().then((module) => {
      if (admin) Object.assign(module.default, admin[locale]);
      loaded[locale] = module.default;
      return module.default;
    });
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Adds the back office's texts to every language (loaded now and later): for admin pages, the staff
 * login and the admin bar. Once is enough for the process; on the server it stays for all requests.
 */
export async function loadAdminMessages(): Promise<void> {
  if (admin) return;
  const texts = (await import("@shop/i18n/messages/admin.ts")).adminMessages;
  admin = texts;
  for (const [locale, messages] of Object.entries(loaded) as [Locale, Messages][]) Object.assign(messages, texts[locale]);
}

/** Translates with the language's texts and hr as the fallback, as @shop/i18n's t does on the server. */
export function translatorOf(messages: Messages): (key: string, params?: MessageParams) => string {
  return (key, params) => translate(messages, hr, key, params);
}
