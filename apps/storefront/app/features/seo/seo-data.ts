import { DEFAULT_LOCALE, LOCALES, type Locale, matchLocalizedRoute, type PageComponent, switchLocalePath } from "@shop/contracts";

/**
 * What a page tells search engines and link previews about itself. A route opts in by returning
 * `seo` in its loader data; content pages (loader data with `page`) are read without it.
 */
export interface SeoData {
  title?: string;
  description?: string;
  /** Image path or URL for og:image. */
  image?: string | null;
  type?: "website" | "article";
}

/** Languages as Open Graph names them. */
export const OG_LOCALE: Record<Locale, string> = { hr: "hr_HR", en: "en_GB", de: "de_DE" };

/**
 * Query parameters that never make a different page: campaign and click ids, and the site's own
 * switches (edit mode, mobile embed, scroll target). They are left out of the canonical address.
 */
const NOT_CANONICAL =
  /^(utm_.+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|editPage|mobileView|part)$/i;

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl.replace(/\/$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The page's one address: the public origin, the path and the query without tracking parameters. */
export function canonicalUrl(publicUrl: string, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (NOT_CANONICAL.test(key)) params.delete(key);
  const query = params.toString();
  return absoluteUrl(publicUrl, `${pathname}${query ? `?${query}` : ""}`);
}

/**
 * The same page in every language: what the route knows (content pages have translated slugs), else
 * the route table's switch for the localized routes. System paths (admin, section tool) and a
 * content page without translations (not found) get none.
 */
export function alternatePaths(pathname: string, known: Partial<Record<Locale, string>> | undefined): Partial<Record<Locale, string>> {
  if (known) return known;
  const match = matchLocalizedRoute(pathname);
  if (!match || match.name === "content") return {};
  return Object.fromEntries(LOCALES.map((l) => [l, switchLocalePath(pathname, l)]));
}

/** x-default: the default language's version, else the first there is. */
export function defaultAlternate(alternates: Partial<Record<Locale, string>>): string | undefined {
  return alternates[DEFAULT_LOCALE] ?? Object.values(alternates)[0];
}

function plain(html: string): string {
  return (
    html
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      // A tag closed before punctuation ('<strong>d.o.o.</strong>, Zagreb') leaves no gap before it.
      .replace(/ ([,.;:!?])/g, "$1")
      .trim()
  );
}

/** About 160 characters (a meta description's length) of some HTML's text; undefined when it has none. */
export function describeHtml(html: string): string | undefined {
  const p = plain(html);
  if (!p) return undefined;
  return p.length > 160 ? `${p.slice(0, 157)}…` : p;
}

/** The description of the first component with text. */
export function describeComponents(components: readonly PageComponent[]): string | undefined {
  for (const c of components) {
    const text = c.data?.text ?? c.data?.html;
    const description = typeof text === "string" ? describeHtml(text) : undefined;
    if (description) return description;
  }
  return undefined;
}

/** The first image among the components (a hero's, an image-with-text's, a gallery's). */
export function firstComponentImage(components: readonly PageComponent[]): string | undefined {
  const find = (value: unknown): string | undefined => {
    if (Array.isArray(value)) {
      for (const item of value) {
        const src = find(item);
        if (src) return src;
      }
    } else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.src === "string" && record.src) return record.src;
      for (const v of Object.values(record)) {
        const src = find(v);
        if (src) return src;
      }
    }
    return undefined;
  };
  return find(components.map((c) => c.data));
}
