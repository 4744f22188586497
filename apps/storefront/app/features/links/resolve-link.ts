import { isSafeLink, type Locale, localizedPath } from "@shop/contracts";

/**
 * What a link can point at (SPEC §2 Link resolution): a CMS entity, a formatted path, or a plain
 * href as stored in page components and navigation items.
 */
export type LinkTarget =
  | { type: "post" | "page" | "term"; slug: string }
  | { type: "product"; slug: string }
  | { type: "category" | "tag"; slug: string }
  | { type: "event"; id: string | number }
  | { type: "resource"; resourceType: string; slug: string }
  | { type: "formatted"; path: string }
  | { type: "href"; href: string };

export interface ResolvedLink {
  href: string;
  /** Opens in a new tab (target=_blank rel=noopener). */
  external: boolean;
}

const EXTERNAL = /^https?:\/\//i;
const reported = new Set<string>();

function unknownTarget(what: string): ResolvedLink {
  // SPEC §2: an unknown target logs an error and falls back to '/'. Logged once per target.
  if (!reported.has(what)) {
    reported.add(what);
    console.error(`[links] unknown link target: ${what}`);
  }
  return { href: "/", external: false };
}

/**
 * An href as stored: external URL, mailto/tel, an anchor or a path of this site (with query or
 * hash). What the save rule (safe-links.ts) would refuse, e.g. a link stored before it, goes home.
 */
export function resolveHref(href: string | null | undefined): ResolvedLink {
  const value = (href ?? "").trim();
  if (!isSafeLink(value)) return unknownTarget(JSON.stringify(href));
  return { href: value, external: EXTERNAL.test(value) };
}

export function resolveLink(target: LinkTarget, locale: Locale): ResolvedLink {
  switch (target.type) {
    case "post":
    case "page":
    case "term":
      return { href: localizedPath("content", locale, { slug: target.slug }), external: false };
    case "product":
      return { href: localizedPath("product", locale, { slug: target.slug }), external: false };
    case "category":
    case "tag":
      return { href: localizedPath("blog", locale, { slug: target.slug }), external: false };
    case "event":
      return { href: localizedPath("event", locale, { id: target.id }), external: false };
    case "resource":
      return target.resourceType === "post"
        ? { href: `/${encodeURIComponent(target.slug)}`, external: false }
        : unknownTarget(target.resourceType);
    case "formatted":
      return { href: target.path, external: EXTERNAL.test(target.path) };
    case "href":
      return resolveHref(target.href);
    default:
      return unknownTarget(JSON.stringify(target));
  }
}
