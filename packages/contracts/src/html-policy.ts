/**
 * The one allow-list for stored and rendered HTML (post bodies, the html fields of components): text
 * structure, links, images and tables. The platform cleans with it on save, the storefront again on
 * render.
 */
export const HTML_ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "small",
  "sup",
  "sub",
  "span",
  "a",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "figure",
  "figcaption",
  "img",
] as const;

export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
  th: ["scope", "colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  ol: ["start"],
};
