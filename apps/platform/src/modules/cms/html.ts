import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS } from "@shop/contracts";
import sanitize from "sanitize-html";

/**
 * The allow-list for stored HTML (post bodies, the `html` fields of components): text structure,
 * links, images and tables; no scripts, styles, frames, event handlers or foreign URL schemes. The
 * storefront sanitizes again when it renders, and its CSP is the third line.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeStoredHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** Plain text of some HTML, whitespace collapsed. */
export function plainText(html: string): string {
  // Block ends become spaces, so paragraphs do not run into each other.
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|td|th|figcaption|div)\s*>|<br\s*\/?>/gi, "$& ");
  return sanitize(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The text of the paragraphs the post opens with, for an excerpt: it stops at the first heading or
 * list, which would read as run-on words ("Five habits Wash regularly"). Without paragraphs, all the text.
 */
export function leadText(html: string, enough = 160): string {
  let text = "";
  for (const match of html.matchAll(/<(p|h[1-6]|ul|ol|blockquote|table|figure)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)) {
    if ((match[1] ?? "").toLowerCase() !== "p") {
      if (text) break;
      continue;
    }
    text = `${text} ${plainText(match[2] ?? "")}`.trim();
    if (text.length >= enough) break;
  }
  return text || plainText(html);
}

/** A list excerpt: the text cut at a word boundary near `max` characters. */
export function excerptOf(text: string, max = 220): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/** Sanitizes every string under a key named `html`, at any depth (richText, imageText, ...). */
export function sanitizeHtmlFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitizeHtmlFields);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "html" && typeof v === "string" ? sanitizeStoredHtml(v) : sanitizeHtmlFields(v)]),
    );
  }
  return value;
}
