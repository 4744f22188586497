import type { Locale } from "@shop/contracts";
import { DEMO_ANALYTICS_SCRIPTS } from "./analytics-stubs.ts";
import type { SeedContext } from "./context.ts";

type Texts = Record<Locale, string>;

/** Where each language's privacy, cookie and terms pages live (the demo pages' slugs). */
const PAGES: Record<Locale, { privacy: string; cookies: string; terms: string }> = {
  hr: { privacy: "/privatnost", cookies: "/kolacici", terms: "/uvjeti-kupnje" },
  en: { privacy: "/en/privacy", cookies: "/en/cookies", terms: "/en/terms-of-sale" },
  de: { privacy: "/de/datenschutz", cookies: "/de/cookies", terms: "/de/kaufbedingungen" },
};

const link = (locale: Locale, page: keyof (typeof PAGES)["hr"], label: string) => `<a href="${PAGES[locale][page]}">${label}</a>`;

const CONSENTS: Record<string, Texts> = {
  "privacy-policy": {
    hr: `Pročitao/la sam ${link("hr", "privacy", "Izjavu o zaštiti privatnosti")} i pristajem na obradu svojih osobnih podataka u navedene svrhe.`,
    en: `I have read the ${link("en", "privacy", "privacy policy")} and agree to the processing of my personal data for the purposes stated there.`,
    de: `Ich habe die ${link("de", "privacy", "Datenschutzerklärung")} gelesen und stimme der Verarbeitung meiner personenbezogenen Daten zu den dort genannten Zwecken zu.`,
  },
  "marketing-newsletter": {
    hr: `Želim e-poštom primati novosti i ponude Autopraonice. Privolu mogu povući u svakom trenutku (${link("hr", "privacy", "više o tome")}).`,
    en: `I would like to receive news and offers from the car wash by e-mail. I can withdraw this consent at any time (${link("en", "privacy", "learn more")}).`,
    de: `Ich möchte Neuigkeiten und Angebote der Autowaschanlage per E-Mail erhalten. Diese Einwilligung kann ich jederzeit widerrufen (${link("de", "privacy", "mehr dazu")}).`,
  },
  "terms-of-sale": {
    hr: `Prihvaćam ${link("hr", "terms", "Uvjete kupnje")}.`,
    en: `I accept the ${link("en", "terms", "terms of sale")}.`,
    de: `Ich akzeptiere die ${link("de", "terms", "Kaufbedingungen")}.`,
  },
  "cookies-necessary": {
    hr: `Nužni kolačići: košarica, prijava, jezik i odabir kolačića (${link("hr", "cookies", "više o kolačićima")}).`,
    en: `Necessary cookies: cart, login, language and the cookie choice (${link("en", "cookies", "about cookies")}).`,
    de: `Notwendige Cookies: Warenkorb, Anmeldung, Sprache und Cookie-Auswahl (${link("de", "cookies", "mehr über Cookies")}).`,
  },
  "cookies-analytics": {
    hr: `Analitički kolačići: brojanje posjeta (Google Analytics) (${link("hr", "cookies", "više o kolačićima")}).`,
    en: `Analytics cookies: counting visits (Google Analytics) (${link("en", "cookies", "about cookies")}).`,
    de: `Analyse-Cookies: Zählen von Besuchen (Google Analytics) (${link("de", "cookies", "mehr über Cookies")}).`,
  },
  "cookies-marketing": {
    hr: `Marketinški kolačići: oglasi na drugim stranicama (Google Tag Manager) (${link("hr", "cookies", "više o kolačićima")}).`,
    en: `Marketing cookies: ads on other websites (Google Tag Manager) (${link("en", "cookies", "about cookies")}).`,
    de: `Marketing-Cookies: Werbung auf anderen Websites (Google Tag Manager) (${link("de", "cookies", "mehr über Cookies")}).`,
  },
};

/** Each place's consents in their order; `true` marks the ones that must be ticked. */
const ASSIGNMENTS: Record<string, [string, boolean][]> = {
  registration: [
    ["privacy-policy", true],
    ["marketing-newsletter", false],
  ],
  newsletter: [
    ["privacy-policy", true],
    ["marketing-newsletter", false],
  ],
  // The contact form (its slug): what is sent is personal data, so the privacy notice is required.
  contact: [["privacy-policy", true]],
  checkout: [
    ["terms-of-sale", true],
    ["privacy-policy", true],
  ],
  // One per cookie category (SPEC §3 acceptedCookies): the banner's choices are logged against them.
  cookies: [
    ["cookies-necessary", true],
    ["cookies-analytics", false],
    ["cookies-marketing", false],
  ],
};

/**
 * Analytics and tag manager are configured with demo ids. The script addresses point at this
 * site's harmless stand-ins (served by the server), so the demo never contacts Google, even after consent.
 */
const ANALYTICS_OPTIONS: Record<string, string> = {
  GoogleAnalyticsId: "G-DEMO000000",
  AnalyticsScriptUrl: DEMO_ANALYTICS_SCRIPTS.gtag.path,
  GoogleTagManagerId: "GTM-DEMO000",
  TagManagerScriptUrl: DEMO_ANALYTICS_SCRIPTS.gtm.path,
};

/** Demo consents (registration, newsletter, checkout, cookie categories) and the analytics options. */
export async function seedConsents(ctx: SeedContext): Promise<void> {
  const ids = new Map<string, number>();
  for (const [uniqueNumber, texts] of Object.entries(CONSENTS)) {
    const row = await ctx.trx
      .insertInto("consents")
      .values({ unique_number: uniqueNumber, version: 1, created_at: ctx.now, updated_at: ctx.now })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(uniqueNumber, row.id);
    await ctx.trx
      .insertInto("consent_translations")
      .values(Object.entries(texts).map(([language_code, display_name]) => ({ consent_id: row.id, language_code, display_name })))
      .execute();
  }
  for (const [assignedTo, consents] of Object.entries(ASSIGNMENTS)) {
    await ctx.trx
      .insertInto("consent_assignments")
      .values(
        consents.map(([uniqueNumber, required], position) => ({
          assigned_to: assignedTo,
          consent_id: ids.get(uniqueNumber) as number,
          required: required ? 1 : 0,
          position,
        })),
      )
      .execute();
  }
  await ctx.trx
    .insertInto("cms_options")
    .values(Object.entries(ANALYTICS_OPTIONS).map(([key, value]) => ({ key, value, media_id: null })))
    .execute();
}
