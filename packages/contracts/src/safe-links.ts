/**
 * The one rule for the addresses staff store in links and pictures: menus, page blocks, and the
 * header, footer and cookie elements (issue 25). What passes can only be a page or file of this
 * site, a web address, an e-mail or a phone number. Anything else – `javascript:`, `data:`,
 * `vbscript:`, `//host` and `/\host` (another host to a browser), credentials in front of a host,
 * spaces or control characters that hide a scheme from a reader but not from a browser – is refused
 * when it is saved. The platform checks it on save, the editor before sending, the pages on render.
 */

/** Whitespace, control characters and backslashes: browsers drop or turn them, so `java\tscript:` runs. */
const HIDING = /[\s\p{Cc}\\]/u;
/**
 * A path of this site: SPEC §5's internal path (letters, digits, @ - % _ ~ between slashes) plus dots,
 * so files (/logo.svg, a media URL) are paths too; then an optional query and fragment.
 */
const SITE_PATH = /^\/(?!\/)[\p{L}\p{N}@\-%_~/.]*(\?[^#]*)?(#.*)?$/u;
const ANCHOR = /^#[\p{L}\p{N}\-_:.]+$/u;
const MAILTO = /^mailto:[^@]+@[^@]+$/i;
const TEL = /^tel:\+?[0-9()\-.]{3,32}$/i;
const HTTP = /^https?:\/\//i;

/** An http(s) address of a named host (one with a dot), without credentials: a link to another site. */
export function isExternalHttpUrl(value: string): boolean {
  if (!HTTP.test(value) || HIDING.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.includes(".") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A path of this site (a page or a file), with an optional query and fragment; never another host. */
export function isSitePath(value: string): boolean {
  return !HIDING.test(value) && SITE_PATH.test(value) && !value.split(/[?#]/)[0]?.includes("//");
}

/** Where a stored link may point: a path of this site, an anchor on the page, an http(s) address, mailto: or tel:. */
export function isSafeLink(value: string): boolean {
  if (HIDING.test(value)) return false;
  return isSitePath(value) || ANCHOR.test(value) || isExternalHttpUrl(value) || MAILTO.test(value) || TEL.test(value);
}

/** Where a stored picture may come from: a path of this site (the media library's URLs) or an http(s) address. */
export function isSafeImageSrc(value: string): boolean {
  return isSitePath(value) || isExternalHttpUrl(value);
}
