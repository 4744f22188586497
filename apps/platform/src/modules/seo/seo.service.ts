import {
  blockSchemas,
  DEFAULT_LOCALE,
  HOME_PAGE_SLUG,
  isLocale,
  LOCALES,
  type LocalBusiness,
  type Locale,
  localizedPath,
  type SitemapAnswer,
  type SitemapEntry,
  type SitemapEntryKind,
  type SitemapOptions,
  toLocale,
} from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { languagesFor } from "../../shared/translations.ts";
import { categoryPages, productPages } from "../catalog/index.ts";
import { contentImages, parseJson } from "../search/index.ts";
import { getOptions } from "../settings/index.ts";
import { type OpeningHoursSpec, openingHoursText, parseOpeningHours, parseOpeningHoursText } from "./opening-hours.ts";
import * as repo from "./seo.repository.ts";

/** sitemaps.org: at most 50,000 URLs in one file. */
const MAX_URLS = 50_000;
/** Google reads at most 1,000 images per URL. */
const MAX_IMAGES = 1_000;

function sitemapOptions(value: string | undefined): SitemapOptions {
  const all: SitemapOptions = { lastmod: true, hreflang: true, images: true };
  try {
    const parsed = JSON.parse(value ?? "{}") as Partial<Record<keyof SitemapOptions, unknown>>;
    return {
      lastmod: parsed.lastmod !== false,
      hreflang: parsed.hreflang !== false,
      images: parsed.images !== false,
    };
  } catch {
    return all;
  }
}

function languagesOf(value: string | undefined): Locale[] {
  const listed = (value ?? "")
    .split(",")
    .map((s) => toLocale(s))
    .filter((l): l is Locale => l !== undefined && isLocale(l));
  return listed.length > 0 ? [...new Set(listed)] : [...LOCALES];
}

/** A row of something with a page per language: its id, language, slug, last change and picture. */
interface TranslatedPage {
  id: number;
  language_code: string;
  slug: string;
  lastmod: string | null;
  image: string | null;
}

const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Everything /sitemap.xml lists (SPEC §2): published pages, blog posts and events, each with its
 * path in every allowed language it is translated into. Products and product categories join here
 * when the shop exists (kinds 'product' and 'productCategory').
 */
export async function sitemapEntries(ctx: RequestCtx): Promise<SitemapAnswer> {
  const options = await getOptions(ctx.db, [
    "AutoGenerateSiteMap",
    "SiteMapOptions",
    "AllowedLanguages",
    "DefaultLanguage",
    "HomePageSlug",
  ]);
  // The site owner switched the generated sitemap off.
  if (options.AutoGenerateSiteMap === "false") throw new AppError("NOT_FOUND", "error.notFound");
  const languages = languagesOf(options.AllowedLanguages);
  const homeSlug = options.HomePageSlug || HOME_PAGE_SLUG;

  const posts = new Map<number, SitemapEntry>();
  for (const row of await repo.publishedPostTranslations(ctx.db, languages)) {
    if (!isLocale(row.language_code)) continue;
    let entry = posts.get(row.id);
    if (!entry) {
      entry = { kind: row.post_type === "page" ? "page" : "post", paths: {}, lastmod: later(row.published_at, row.updated_at), images: [] };
      posts.set(row.id, entry);
    }
    entry.paths[row.language_code] = localizedPath("content", row.language_code, { slug: row.slug === homeSlug ? undefined : row.slug });
    for (const src of contentImages({ metaImage: row.meta_image, components: parseJson(row.components), body: row.body })) {
      if (!entry.images.includes(src)) entry.images.push(src);
    }
  }

  const events = new Map<number, SitemapEntry>();
  for (const row of await repo.publishedEventTranslations(ctx.db, languages)) {
    if (!isLocale(row.language_code)) continue;
    let entry = events.get(row.id);
    if (!entry) {
      entry = { kind: "event", paths: {}, lastmod: row.updated_at, images: row.image_src ? [row.image_src] : [] };
      events.set(row.id, entry);
    }
    entry.paths[row.language_code] = localizedPath("event", row.language_code, { id: row.id });
  }

  const [products, categories, postCategories] = await Promise.all([
    productPages(ctx.db, languages),
    categoryPages(ctx.db, languages),
    repo.postCategoryTranslations(ctx.db, languages),
  ]);
  const byId = (
    kind: SitemapEntryKind,
    rows: readonly TranslatedPage[],
    path: (row: TranslatedPage & { language_code: Locale }) => string,
  ) => {
    const found = new Map<number, SitemapEntry>();
    for (const row of rows) {
      if (!isLocale(row.language_code)) continue;
      let entry = found.get(row.id);
      if (!entry) {
        entry = { kind, paths: {}, lastmod: row.lastmod, images: row.image ? [row.image] : [] };
        found.set(row.id, entry);
      }
      entry.paths[row.language_code] = path({ ...row, language_code: row.language_code });
    }
    return [...found.values()];
  };
  // The shop's own pages (the list, the category overview) in every language, dated by their newest item.
  const newest = (times: readonly string[]) => times.reduce<string | null>((a, b) => later(a, b), null);
  const overviews = [
    ["shop", newest(products.map((r) => r.updated_at))],
    ["categories", newest(categories.map((r) => r.created_at))],
  ] as const;
  const shopPages: SitemapEntry[] = overviews.map(([name, lastmod]) => ({
    kind: "productCategory",
    paths: Object.fromEntries(languages.map((l) => [l, localizedPath(name, l)])),
    lastmod,
    images: [],
  }));

  const isHome = (e: SitemapEntry) => Object.values(e.paths).some((path) => path === localizedPath("content", DEFAULT_LOCALE));
  const pages = [...posts.values()].filter((e) => e.kind === "page");
  const entries = [
    ...pages.filter(isHome),
    ...pages.filter((e) => !isHome(e)),
    ...[...posts.values()].filter((e) => e.kind === "post"),
    ...byId(
      "postCategory",
      postCategories.map((r) => ({ ...r, lastmod: r.created_at, image: null })),
      (r) => localizedPath("blog", r.language_code, { slug: r.slug }),
    ),
    ...events.values(),
    ...shopPages,
    ...byId(
      "productCategory",
      categories.map((r) => ({ ...r, lastmod: r.created_at, image: r.image_src })),
      (r) => localizedPath("shop", r.language_code, { slug: r.slug }),
    ),
    ...byId(
      "product",
      products.map((r) => ({ ...r, lastmod: r.updated_at, image: r.image_src })),
      (r) => localizedPath("product", r.language_code, { slug: r.slug }),
    ),
  ];
  let urls = 0;
  const kept = entries.filter((e) => {
    urls += Object.keys(e.paths).length;
    return urls <= MAX_URLS;
  });
  if (kept.length < entries.length)
    ctx.logger.info({ requestId: ctx.requestId, sitemap: `over ${MAX_URLS} URLs: only the first ${MAX_URLS} are listed` });
  for (const e of kept) e.images = e.images.slice(0, MAX_IMAGES);
  return {
    options: sitemapOptions(options.SiteMapOptions),
    defaultLanguage: toLocale(options.DefaultLanguage) ?? DEFAULT_LOCALE,
    entries: kept,
  };
}

/** An address as the demo and editors write it ('Jankomir 31, 10090 Zagreb') as a schema.org PostalAddress. */
export function postalAddress(text: string) {
  const parts = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // The business is in Croatia (SPEC §1); a trailing country name is dropped in favour of the code.
  if (parts.length > 1 && /^(hrvatska|croatia|kroatien)$/i.test(parts[parts.length - 1] ?? "")) parts.pop();
  const town = /^(\d{5})\s+(.+)$/.exec(parts[parts.length - 1] ?? "");
  if (parts.length >= 2 && town) {
    return {
      "@type": "PostalAddress",
      streetAddress: parts.slice(0, -1).join(", "),
      postalCode: town[1],
      addressLocality: town[2],
      addressCountry: "HR",
    };
  }
  return { "@type": "PostalAddress", streetAddress: text.trim(), addressCountry: "HR" };
}

function hoursFields(specs: OpeningHoursSpec[]) {
  return specs.length > 0 ? { openingHours: specs.map(openingHoursText), openingHoursSpecification: specs } : {};
}

/** The branches of the first published page with a 'locations' component, request language first. */
async function locations(ctx: RequestCtx) {
  for (const language of languagesFor(ctx.locale)) {
    for (const row of await repo.pagesMentioningLocations(ctx.db, language)) {
      const components = parseJson(row.components);
      if (!Array.isArray(components)) continue;
      for (const c of components as { template?: unknown; data?: unknown }[]) {
        if (c?.template !== "locations") continue;
        const parsed = blockSchemas.locations.safeParse(c.data);
        if (parsed.success) return parsed.data.items;
      }
    }
  }
  return [];
}

/**
 * The business as schema.org LocalBusiness (an AutoWash) for the JSON-LD in every page head: name,
 * address, phone and hours from the CMS options, and each branch as a department.
 */
export async function localBusiness(ctx: RequestCtx): Promise<LocalBusiness> {
  const o = await getOptions(ctx.db, ["ContactAddress", "ContactPhone", "ContactEmail", "OpeningHours", "Logo", "SiteDescription"]);
  const base = ctx.config.publicUrl.replace(/\/$/, "");
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${base}${path.startsWith("/") ? "" : "/"}${path}`);
  const branches = await locations(ctx);
  return {
    "@type": "AutoWash",
    "@id": `${base}/#business`,
    name: ctx.site.name,
    url: absolute(localizedPath("content", ctx.locale)),
    ...(o.SiteDescription ? { description: o.SiteDescription } : {}),
    ...(o.Logo ? { logo: absolute(o.Logo), image: absolute(o.Logo) } : {}),
    ...(o.ContactPhone ? { telephone: o.ContactPhone } : {}),
    ...(o.ContactEmail ? { email: o.ContactEmail } : {}),
    ...(o.ContactAddress ? { address: postalAddress(o.ContactAddress) } : {}),
    ...hoursFields(o.OpeningHours ? parseOpeningHoursText(o.OpeningHours) : []),
    ...(branches.length > 0
      ? {
          department: branches.map((b) => ({
            "@type": "AutoWash",
            name: `${ctx.site.name}, ${b.name}`,
            address: postalAddress(b.address),
            telephone: b.phone,
            ...(b.email ? { email: b.email } : {}),
            ...hoursFields(b.hours.flatMap((h) => parseOpeningHours(h.days, h.time) ?? [])),
          })),
        }
      : {}),
  };
}
