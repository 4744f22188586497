import { isExternalHttpUrl, isSafeLink, type Locale, localizedPath, matchLocalizedRoute } from "@shop/contracts";

/**
 * What the link-options modal (SPEC §2) points a link at, and the href it stores: content and
 * products by their slug in the page's language, external URLs (they open in a new tab, SPEC §2 link
 * resolution) and formatted paths used as given. Pure, so the modal and its tests share it.
 */
export const LINK_KINDS = ["page", "product", "productCategory", "blogCategory", "external", "path"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface LinkTargetDraft {
  kind: LinkKind;
  /** The slug for page, product and the categories; the URL or path for external and path. */
  value: string;
}

/** The stored href of a target (empty when there is nothing to point at yet). */
export function hrefOfTarget(target: LinkTargetDraft, locale: Locale): string {
  const value = target.value.trim();
  if (value === "") return "";
  switch (target.kind) {
    case "page":
      return localizedPath("content", locale, { slug: value });
    case "product":
      return localizedPath("product", locale, { slug: value });
    case "productCategory":
      return localizedPath("shop", locale, { slug: value });
    case "blogCategory":
      return localizedPath("blog", locale, { slug: value });
    case "external":
    case "path":
      return value;
  }
}

/** The target a stored href was made from, so the modal opens on it. */
export function targetOfHref(href: string): LinkTargetDraft {
  const value = href.trim();
  if (value === "") return { kind: "page", value: "" };
  if (/^https?:\/\//i.test(value)) return { kind: "external", value };
  const match = value.startsWith("/") && !/[?#]/.test(value) ? matchLocalizedRoute(value) : undefined;
  const slug = match?.params.slug;
  if (match && slug) {
    if (match.name === "content") return { kind: "page", value: slug };
    if (match.name === "product") return { kind: "product", value: slug };
    if (match.name === "shop") return { kind: "productCategory", value: slug };
    if (match.name === "blog") return { kind: "blogCategory", value: slug };
  }
  return { kind: "path", value };
}

/** Message keys (editor.modals.link.*) of what keeps the link from being saved, by field. */
export interface LinkErrors {
  label?: string;
  target?: string;
}

export function validateLink(label: string, target: LinkTargetDraft, labelRequired = true): LinkErrors {
  const errors: LinkErrors = {};
  if (labelRequired && label.trim() === "") errors.label = "editor.modals.link.labelRequired";
  else if (label.length > 120) errors.label = "editor.modals.link.labelTooLong";
  const value = target.value.trim();
  if (value === "")
    errors.target =
      target.kind === "external" || target.kind === "path" ? "editor.modals.link.urlRequired" : "editor.modals.link.pickRequired";
  // The platform's rule for every stored link (safe-links.ts): what it would refuse is refused here first.
  else if (target.kind === "external" && !isExternalHttpUrl(value)) errors.target = "editor.modals.link.urlInvalid";
  else if (target.kind === "path" && !isSafeLink(value)) errors.target = "editor.modals.link.pathInvalid";
  else if (value.length > 500) errors.target = "editor.modals.link.urlTooLong";
  return errors;
}
