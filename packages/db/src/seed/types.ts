import type { BlockData, BlockTemplate, CookieOptions, FooterOptions, HeaderOptions, Locale, NavigationHandle } from "@shop/contracts";

/** One page component as the seed writes it; the insert adds the running `id`. */
export type SeedComponent = { [T in BlockTemplate]: { template: T; data: BlockData<T> } }[BlockTemplate];

/** The demo's content pages; one post each, translated into every locale. */
export const PAGE_KEYS = ["home", "carwash", "about", "contact", "priceList", "euProject", "terms", "privacy", "cookies"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export interface SeedPage {
  slug: string;
  title: string;
  /** Short plain summary, stored (as a paragraph) in the translation's body for search and meta. */
  summary: string;
  components: SeedComponent[];
}

/** A navigation item: with `url` a link, without it a linkless parent (dropdown or column heading). */
export interface SeedNavItem {
  title: string;
  url?: string;
  children?: SeedNavItem[];
}

export const ELEMENT_VARIANTS = ["default", "carwash"] as const;
export type ElementVariant = (typeof ELEMENT_VARIANTS)[number];

export interface SeedElements {
  header: HeaderOptions;
  footer: FooterOptions;
  cookie: CookieOptions;
}

/** Everything of one language: its navigation sets, layout elements per variant and pages. */
export interface LocaleContent {
  locale: Locale;
  elementTitles: { header: string; footer: string; cookie: string };
  navigation: Record<NavigationHandle, SeedNavItem[]>;
  elements: Record<ElementVariant, SeedElements>;
  pages: Record<PageKey, SeedPage>;
}
