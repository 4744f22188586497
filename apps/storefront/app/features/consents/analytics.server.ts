import { api } from "@shop/contracts/api";
import type { CspSources } from "../../context.ts";
import type { Platform } from "../../platform.server.ts";
import type { AnalyticsConfig, ThirdPartyScript } from "./analytics-config.ts";

const OPTION_KEYS = ["GoogleAnalyticsId", "AnalyticsScriptUrl", "GoogleTagManagerId", "TagManagerScriptUrl"] as const;

/** Where the scripts load from unless the CMS options AnalyticsScriptUrl / TagManagerScriptUrl say otherwise. */
const GTAG_URL = "https://www.googletagmanager.com/gtag/js";
const GTM_URL = "https://www.googletagmanager.com/gtm.js";

const GA_ID = /^(G|UA|AW|DC)-[A-Z0-9-]{4,24}$/i;
const GTM_ID = /^GTM-[A-Z0-9]{4,16}$/i;
/** An https address, or a path on this site (a proxy, or the demo's harmless stub); nothing else runs as a script. */
const SCRIPT_URL = /^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/;

const warned = new Set<string>();
function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[analytics] ${message}`);
}

function script(
  id: string | undefined,
  url: string | undefined,
  fallbackUrl: string,
  idPattern: RegExp,
  name: string,
): ThirdPartyScript | null {
  if (!id) return null;
  const base = url || fallbackUrl;
  if (!idPattern.test(id) || !SCRIPT_URL.test(base)) {
    warnOnce(`${name} is not loaded: its id or script address is not valid`);
    return null;
  }
  return { id, src: `${base}${base.includes("?") ? "&" : "?"}id=${encodeURIComponent(id)}` };
}

/** Where gtag.js and the tag manager send their hits (Google's documented list for Analytics 4 and Tag Manager). */
const GOOGLE_ANALYTICS_HOSTS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

/**
 * The origins the configured scripts talk to, for the page's CSP (connect-src and img-src): Google's
 * when an id is set, and the origin of a script served from elsewhere (a first-party proxy).
 */
function allowAnalytics(csp: CspSources, config: AnalyticsConfig): void {
  for (const script of [config.googleAnalytics, config.tagManager]) {
    if (!script) continue;
    const origins = script.src.startsWith("https://") ? [...GOOGLE_ANALYTICS_HOSTS, new URL(script.src).origin] : GOOGLE_ANALYTICS_HOSTS;
    for (const origin of origins) {
      csp.connect.add(origin);
      csp.img.add(origin);
    }
  }
}

/**
 * The analytics and tag-manager settings (CMS options), the same for every visitor; their origins
 * go into the page's CSP. The platform
 * must be an anonymous one: staff answers hold more options and must not reach the shared cache.
 */
export async function loadAnalytics(platform: Platform, csp: CspSources): Promise<AnalyticsConfig> {
  const result = await platform.callPublic(api.settings.optionFilter, { query: {} });
  const options: Partial<Record<(typeof OPTION_KEYS)[number], string>> = {};
  if (result.ok) {
    for (const record of result.data.records) {
      const key = OPTION_KEYS.find((k) => k === record.key);
      if (key) options[key] = record.value.trim();
    }
  } else {
    warnOnce(`options could not be loaded: ${result.message}`);
  }
  const config = {
    googleAnalytics: script(options.GoogleAnalyticsId, options.AnalyticsScriptUrl, GTAG_URL, GA_ID, "Google Analytics"),
    tagManager: script(options.GoogleTagManagerId, options.TagManagerScriptUrl, GTM_URL, GTM_ID, "Google Tag Manager"),
  };
  // Configured, the scripts may start at any moment (right after the visitor's choice): the CSP must let their hits out.
  allowAnalytics(csp, config);
  return config;
}
