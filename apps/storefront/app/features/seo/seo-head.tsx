import { LOCALES, type Locale, type PageComponent } from "@shop/contracts";
import { useLocation, useMatches } from "react-router";
import { useTranslator } from "../../ui/i18n.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import {
  absoluteUrl,
  alternatePaths,
  canonicalUrl,
  defaultAlternate,
  describeComponents,
  describeHtml,
  firstComponentImage,
  OG_LOCALE,
  type SeoData,
} from "./seo-data.ts";

/** What the root loader hands the head (features/seo/seo.server.ts). */
export interface SeoRootData {
  publicUrl: string;
  /** schema.org LocalBusiness of the site, or null when the platform could not say. */
  business: Record<string, unknown> | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value : undefined);
const components = (value: unknown): PageComponent[] => (Array.isArray(value) ? (value as PageComponent[]) : []);
const imageSrc = (value: unknown): string | undefined => (isObject(value) ? text(value.src) : undefined);

/**
 * A route's description of itself from its loader data: `seo` when the route gives one, else read
 * from what the content, post and event routes load (`page`, `post`, `event`). null: the route
 * answered 'not found', which has no address to advertise; undefined: nothing known.
 */
function pageSeo(data: unknown, siteName: string): SeoData | null | undefined {
  if (!isObject(data)) return undefined;
  if (isObject(data.seo)) return data.seo as SeoData;
  if (data.kind === "notFound" || ("page" in data && data.page === null) || ("event" in data && data.event === null)) return null;
  const { page, post, event } = data;
  if (isObject(page)) {
    const parts = components(page.components);
    return {
      title: data.isHome ? siteName : text(page.title),
      description: describeComponents(parts),
      image: firstComponentImage(parts),
      type: "website",
    };
  }
  if (isObject(post)) {
    const parts = components(post.components);
    return {
      title: text(post.title),
      description: text(post.excerpt) ?? describeComponents(parts) ?? describeHtml(text(post.body) ?? ""),
      image: imageSrc(post.image) ?? firstComponentImage(parts),
      type: "article",
    };
  }
  if (isObject(event)) {
    return {
      title: text(event.title),
      description: describeHtml(text(event.description) ?? ""),
      image: imageSrc(event.image),
      type: "website",
    };
  }
  return undefined;
}

/**
 * The head's links and tags for search engines and link previews, on every page: canonical address,
 * the page in the other languages (hreflang, x-default), Open Graph and the business as JSON-LD.
 */
export function SeoHead({ seo, locale }: { seo: SeoRootData; locale: Locale }) {
  const t = useTranslator(locale);
  const location = useLocation();
  const matches = useMatches();
  let page: SeoData | null | undefined;
  let known: Partial<Record<Locale, string>> | undefined;
  // The deepest route that knows something about itself wins.
  for (const match of [...matches].reverse()) {
    if (page === undefined) page = pageSeo(match.loaderData, t("site.name"));
    const data = match.loaderData;
    if (known === undefined && isObject(data) && isObject(data.alternates)) known = data.alternates as Partial<Record<Locale, string>>;
  }
  // A page that was not found has no address to advertise.
  if (page === null) return seo.business ? <JsonLd data={seo.business} /> : null;

  const canonical = canonicalUrl(seo.publicUrl, location.pathname, location.search);
  const alternates = alternatePaths(location.pathname, known);
  const xDefault = defaultAlternate(alternates);
  const title = page?.title ?? t("site.name");
  const description = page?.description ?? t("site.description");
  const otherLocales = LOCALES.filter((l) => alternates[l] !== undefined && l !== locale);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {LOCALES.flatMap((lang) => {
        const path = alternates[lang];
        return path ? [<link key={lang} rel="alternate" hrefLang={lang} href={absoluteUrl(seo.publicUrl, path)} />] : [];
      })}
      {xDefault ? <link rel="alternate" hrefLang="x-default" href={absoluteUrl(seo.publicUrl, xDefault)} /> : null}
      <meta property="og:site_name" content={t("site.name")} />
      <meta property="og:type" content={page?.type ?? "website"} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {otherLocales.map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALE[l]} />
      ))}
      {page?.image ? <meta property="og:image" content={absoluteUrl(seo.publicUrl, page.image)} /> : null}
      {seo.business ? <JsonLd data={seo.business} /> : null}
    </>
  );
}
