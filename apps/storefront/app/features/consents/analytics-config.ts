/** A third-party script allowed by one cookie category: its id and the address to load it from. */
export interface ThirdPartyScript {
  id: string;
  src: string;
}

export interface AnalyticsConfig {
  /** Google Analytics (gtag.js), loaded only with the analytics category. */
  googleAnalytics: ThirdPartyScript | null;
  /** Google Tag Manager, loaded only with the marketing category (it is where ad tags are deployed). */
  tagManager: ThirdPartyScript | null;
}
