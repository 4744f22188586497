import { useEffect } from "react";
import type { AnalyticsConfig } from "./analytics-config.ts";
import { parseAcceptedCookies } from "./cookie-choice.ts";

type DataLayerWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** gtag.js reads its commands from dataLayer, whenever it arrives; the first config wins. */
function startGoogleAnalytics(id: string, adsAllowed: boolean) {
  const w = window as DataLayerWindow;
  if (w.gtag) return;
  w.dataLayer = w.dataLayer ?? [];
  const layer = w.dataLayer;
  w.gtag = function gtag() {
    // gtag.js expects the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: the documented gtag snippet pushes `arguments`.
    layer.push(arguments);
  };
  // Analytics only: advertising storage stays off unless marketing was accepted too.
  const ads = adsAllowed ? "granted" : "denied";
  w.gtag("consent", "default", { analytics_storage: "granted", ad_storage: ads, ad_user_data: ads, ad_personalization: ads });
  w.gtag("js", new Date());
  // Host-only cookies: the settings can then remove them again when consent is withdrawn.
  w.gtag("config", id, { cookie_domain: "none" });
}

function startTagManager() {
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  if (w.dataLayer.some((entry) => (entry as { event?: string })?.event === "gtm.js")) return;
  w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
}

/**
 * Google Analytics and the tag manager, only once their cookie category is accepted (ePrivacy
 * Art. 5(3): prior opt-in). Rendered on the server with the page's nonce when the choice is known,
 * or added in the browser right after the visitor's choice (the CSP's strict-dynamic trusts what
 * the page's own scripts add). Scripts that run cannot be unloaded: a withdrawal reloads the page.
 */
export function AnalyticsScripts({ config, accepted, nonce }: { config: AnalyticsConfig; accepted: string | null; nonce: string }) {
  const allowed = parseAcceptedCookies(accepted);
  const analytics = allowed.has("analytics") ? config.googleAnalytics : null;
  const tagManager = allowed.has("marketing") ? config.tagManager : null;
  const marketing = allowed.has("marketing");

  useEffect(() => {
    if (analytics) startGoogleAnalytics(analytics.id, marketing);
  }, [analytics, marketing]);
  useEffect(() => {
    if (tagManager) startTagManager();
  }, [tagManager]);

  return (
    <>
      {analytics ? <script async src={analytics.src} nonce={nonce} data-cookie-category="analytics" /> : null}
      {tagManager ? <script async src={tagManager.src} nonce={nonce} data-cookie-category="marketing" /> : null}
    </>
  );
}
