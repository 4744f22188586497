/**
 * Stand-ins for Google's gtag.js and Tag Manager that the demo's analytics options point at: the
 * shop's consent-gated loading runs end to end (the script loads after the visitor's yes), and
 * nothing leaves the site. Each reads what the page queued in dataLayer, as the real ones do.
 */
const stub = (name: string) => `/* Demo stand-in for ${name}: the demo never contacts Google. */
(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  window.demoAnalytics = window.demoAnalytics || {};
  window.demoAnalytics[${JSON.stringify(name)}] = { loaded: true, queued: layer.length };
})();
`;

export const DEMO_ANALYTICS_SCRIPTS = {
  gtag: { path: "/analytics/gtag.js", body: stub("gtag.js") },
  gtm: { path: "/analytics/gtm.js", body: stub("gtm.js") },
} as const;
