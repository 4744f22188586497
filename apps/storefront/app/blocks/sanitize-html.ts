import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS } from "@shop/contracts";

/**
 * A small allow-list sanitizer for the HTML of page components (richText, imageText). Everything is
 * rebuilt from the allowed tags and attributes; the rest is dropped or escaped. The CSP (scripts
 * need a nonce) is the second line of defence.
 */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(HTML_ALLOWED_TAGS);
const VOID_TAGS = new Set(["br", "hr", "img"]);
/** Tags whose content goes too. */
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript|svg|math)\b[\s\S]*?<\/\1\s*>/gi;
const ALLOWED_ATTRS = HTML_ALLOWED_ATTRIBUTES;
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

function escapeText(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(value: string): string {
  return value
    .replace(/&(?!(#\d+|#x[\da-f]+|\w+);)/gi, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);?/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([\da-f]+);?/gi, (_m, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "");
}

function rebuildAttrs(tag: string, raw: string): string {
  const allowed = ALLOWED_ATTRS[tag] ?? [];
  if (allowed.length === 0) return "";
  const out: string[] = [];
  const attrRe = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of raw.matchAll(attrRe)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!allowed.includes(name)) continue;
    const value = m[3] ?? m[4] ?? m[5] ?? "";
    if (name === "href" || name === "src") {
      // Checked on the decoded value without whitespace or control characters: no javascript:, data: or vbscript:.
      const normalized = Array.from(decodeEntities(value))
        .filter((ch) => ch.charCodeAt(0) > 32)
        .join("");
      if (!SAFE_URL.test(normalized)) continue;
    }
    out.push(`${name}="${escapeAttr(value)}"`);
  }
  if (tag === "a" && out.some((a) => /^href="https?:/i.test(a))) out.push('target="_blank"', 'rel="noopener noreferrer"');
  return out.length ? ` ${out.join(" ")}` : "";
}

export function sanitizeHtml(html: string): string {
  const input = html.replace(/<!--[\s\S]*?-->/g, "").replace(DROP_WITH_CONTENT, "");
  const tagRe = /<\s*(\/)?\s*([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
  let out = "";
  let last = 0;
  for (const m of input.matchAll(tagRe)) {
    out += escapeText(input.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === "/";
    const tag = (m[2] ?? "").toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (closing) {
      if (!VOID_TAGS.has(tag)) out += `</${tag}>`;
    } else {
      out += `<${tag}${rebuildAttrs(tag, m[3] ?? "")}>`;
    }
  }
  out += escapeText(input.slice(last));
  return out;
}
