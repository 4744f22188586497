import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { LOCALES } from "../locales.ts";

/** Answers of the SEO data endpoints: what /sitemap.xml lists and the business's JSON-LD (SPEC §2). */

/** The CMS option SiteMapOptions: which optional parts /sitemap.xml carries. */
export const sitemapOptions = z.object({ lastmod: z.boolean(), hreflang: z.boolean(), images: z.boolean() });
export type SitemapOptions = z.infer<typeof sitemapOptions>;

export const sitemapEntryKinds = ["page", "post", "postCategory", "event", "product", "productCategory"] as const;
export type SitemapEntryKind = (typeof sitemapEntryKinds)[number];

/** One item of the site in every language it exists in. */
export const sitemapEntry = z.object({
  kind: z.enum(sitemapEntryKinds),
  /** Storefront path per language, e.g. { hr: '/kontakt', en: '/en/contact' }. */
  paths: z.partialRecord(z.enum(LOCALES), z.string()),
  /** ISO 8601 time of the last change, or null when unknown. */
  lastmod: z.string().nullable(),
  /** Image paths or URLs shown on the item. */
  images: z.array(z.string()),
});
export type SitemapEntry = z.infer<typeof sitemapEntry>;

export const sitemapAnswer = z.object({
  options: sitemapOptions,
  /** The language of x-default (the site's default language). */
  defaultLanguage: z.enum(LOCALES),
  entries: z.array(sitemapEntry),
});
export type SitemapAnswer = z.infer<typeof sitemapAnswer>;

/** A schema.org LocalBusiness (AutoWash) object, ready for a JSON-LD script. */
export const localBusinessAnswer = z.record(z.string(), z.unknown());
export type LocalBusiness = z.infer<typeof localBusinessAnswer>;

const tag = "seo";

export const seoApi = {
  sitemapEntries: endpoint({
    method: "GET",
    path: "/v1/sitemap/entries",
    summary:
      "What /sitemap.xml lists: published pages, posts, blog categories, events, the shop, its categories and products with their paths per language (404 when AutoGenerateSiteMap is off)",
    tag,
    access: "public",
    answer: sitemapAnswer,
  }),
  localBusiness: endpoint({
    method: "GET",
    path: "/v1/seo/localBusiness",
    summary: "The business as schema.org LocalBusiness (AutoWash) with its branches, for JSON-LD",
    tag,
    access: "public",
    answer: localBusinessAnswer,
  }),
} as const;
