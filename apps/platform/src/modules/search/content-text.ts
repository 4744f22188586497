import { foldSearchText, SEARCH_ADDRESS_PREFIXES, SEARCH_NON_TEXT_KEYS } from "@shop/db/schema/search.ts";

/**
 * The words and pictures of a stored post translation (sanitized HTML body, components JSON), read
 * the way the search index reads them, for excerpts, result images and the sitemap.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const NON_TEXT = new Set(SEARCH_NON_TEXT_KEYS);

/** Plain text of (sanitized) HTML, entities decoded and whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? m;
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Stored JSON (components, a cover image) read once; null when it is broken. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isAddress = (value: string) => {
  const lower = value.toLowerCase();
  return SEARCH_ADDRESS_PREFIXES.some((p) => lower.startsWith(p));
};

/** The readable strings inside (parsed) page components, in order: the same ones the index holds. */
export function componentTexts(components: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string | null) => {
    if (typeof value === "string") {
      if ((key === null || !NON_TEXT.has(key)) && !isAddress(value)) out.push(htmlToText(value));
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, null);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(components, null);
  return out.filter((s) => s !== "");
}

/** A usable image address: a site path or an http(s) URL. */
function imageSource(value: unknown): string | null {
  return typeof value === "string" && (/^\/(?!\/)/.test(value) || /^https?:\/\//i.test(value)) ? value : null;
}

/**
 * The images of a post, at most `max`: its cover (post meta, JSON), the images of its (parsed)
 * components, then those in its body.
 */
export function contentImages(
  input: { metaImage?: string | null; components: unknown; body: string },
  max = Number.POSITIVE_INFINITY,
): string[] {
  const found: string[] = [];
  const add = (src: string | null) => {
    if (src && found.length < max && !found.includes(src)) found.push(src);
  };
  if (input.metaImage) add(imageSource((parseJson(input.metaImage) as { src?: unknown } | null)?.src));
  const walk = (value: unknown) => {
    if (found.length >= max) return;
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      // An image is an object with a src (imageSchema); links carry href, not src.
      if ("src" in record) add(imageSource(record.src));
      for (const v of Object.values(record)) walk(v);
    }
  };
  walk(input.components);
  if (found.length < max) {
    for (const m of input.body.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) add(imageSource(htmlToText(m[1] ?? "")));
  }
  return found;
}

const EXCERPT_LENGTH = 160;

/**
 * About 160 characters of the text around the first place one of the (folded) words begins, cut at
 * word boundaries; null when none of the words is in the text (the match was in the title).
 */
export function excerptAround(text: string, words: readonly string[]): string | null {
  // Positions in the folded text must be positions in the original: folding keeps the length unless
  // lower-casing grows a letter (a rare 'İ'); then it goes one character at a time.
  const whole = foldSearchText(text);
  const folded =
    whole.length === text.length
      ? whole
      : Array.from(text, (c) => {
          const f = foldSearchText(c);
          return f.length === c.length ? f : c;
        }).join("");
  let at = -1;
  for (const word of words) {
    // Words are letters and digits only: nothing in them means anything to a RegExp.
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${word}`, "u").exec(folded);
    if (m && (at === -1 || m.index < at)) at = m.index;
  }
  if (at === -1) return null;
  let start = at <= 40 ? 0 : at - 40;
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  return `${start > 0 ? "…" : ""}${truncate(text.slice(start))}`;
}

/** The start of a text, at most about 160 characters, cut at a word boundary. */
export function truncate(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const space = text.lastIndexOf(" ", EXCERPT_LENGTH);
  return `${text.slice(0, space > EXCERPT_LENGTH / 2 ? space : EXCERPT_LENGTH).trim()}…`;
}
