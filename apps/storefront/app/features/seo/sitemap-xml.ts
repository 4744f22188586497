import { LOCALES, type Locale, type SitemapAnswer } from "@shop/contracts";
import { absoluteUrl } from "./seo-data.ts";

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const XHTML_NS = "http://www.w3.org/1999/xhtml";
export const IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";

/** sitemaps.org's limit for <loc>. */
const MAX_LOC = 2048;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** An absolute, percent-encoded URL within the length limit, or null. */
function location(publicUrl: string, path: string): string | null {
  try {
    const href = new URL(absoluteUrl(publicUrl, path)).href;
    return /^https?:\/\//.test(href) && href.length <= MAX_LOC ? href : null;
  } catch {
    return null;
  }
}

/** W3C Datetime to the second in UTC ('2025-03-05T12:30:00Z'), or null for an unreadable time. */
function w3cDate(iso: string): string | null {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? null : `${time.toISOString().slice(0, 19)}Z`;
}

/**
 * /sitemap.xml per the sitemaps.org protocol: one <url> per item and language with its absolute
 * <loc>, and, as SiteMapOptions say, <lastmod>, the item's other languages as xhtml:link hreflang
 * alternates (with x-default) and its images (Google's image extension). Everything is escaped.
 */
export function sitemapXml(answer: SitemapAnswer, publicUrl: string): string {
  const { options } = answer;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}" xmlns:image="${IMAGE_NS}">`,
  ];
  for (const entry of answer.entries) {
    const languages = LOCALES.filter((l) => entry.paths[l] !== undefined);
    const locs = new Map<Locale, string>();
    for (const l of languages) {
      const loc = location(publicUrl, entry.paths[l] as string);
      if (loc) locs.set(l, loc);
    }
    const lastmod = options.lastmod && entry.lastmod ? w3cDate(entry.lastmod) : null;
    const images = options.images ? entry.images.flatMap((src) => location(publicUrl, src) ?? []) : [];
    const xDefault = locs.get(answer.defaultLanguage) ?? locs.values().next().value;
    for (const loc of locs.values()) {
      out.push("  <url>", `    <loc>${xml(loc)}</loc>`);
      if (lastmod) out.push(`    <lastmod>${lastmod}</lastmod>`);
      // Alternates only say something when there is another language.
      if (options.hreflang && locs.size > 1) {
        for (const [lang, href] of locs) out.push(`    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href)}"/>`);
        if (xDefault) out.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(xDefault)}"/>`);
      }
      for (const image of images) out.push(`    <image:image><image:loc>${xml(image)}</image:loc></image:image>`);
      out.push("  </url>");
    }
  }
  out.push("</urlset>", "");
  return out.join("\n");
}
