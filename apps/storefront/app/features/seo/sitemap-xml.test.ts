import type { SitemapAnswer } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { IMAGE_NS, SITEMAP_NS, sitemapXml, XHTML_NS } from "./sitemap-xml.ts";

const PUBLIC_URL = "https://www.autopraonica-zagreb.hr";

interface XmlElement {
  ns: string;
  local: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * A strict reader for the XML the sitemap writes: well-formedness (one root, balanced tags, quoted
 * and unique attributes, only the five predefined entities or character references, no raw '<' or
 * '&' in text) and namespace resolution. It throws at the first violation.
 */
function parseXml(source: string): XmlElement {
  const prolog = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/;
  if (!prolog.test(source)) throw new Error("missing or wrong XML declaration");
  const decode = (raw: string, where: string) => {
    if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) throw new Error(`unescaped character in ${where}: ${raw}`);
    return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[e] ?? "");
  };
  const tokens = source
    .replace(prolog, "")
    .matchAll(/<(\/?)([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=/>]+="[^"]*")*)\s*(\/?)>|([^<]+)|(<)/g);
  const stack: { el: XmlElement; name: string; scope: Record<string, string> }[] = [];
  let root: XmlElement | undefined;
  for (const m of tokens) {
    const [, closing, name, attrText, selfClosing, text, stray] = m;
    if (stray) throw new Error(`malformed markup at ${m.index}`);
    if (text !== undefined) {
      if (stack.length === 0) {
        if (text.trim()) throw new Error("text outside the root element");
        continue;
      }
      const top = stack[stack.length - 1];
      if (top) top.el.text += decode(text, `text of <${top.name}>`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name}>`);
      continue;
    }
    const parentScope = stack[stack.length - 1]?.scope ?? {};
    const scope = { ...parentScope };
    const rawAttrs: Record<string, string> = {};
    for (const a of (attrText ?? "").matchAll(/([^\s=]+)="([^"]*)"/g)) {
      const key = a[1] as string;
      if (key in rawAttrs) throw new Error(`duplicate attribute ${key}`);
      rawAttrs[key] = decode(a[2] ?? "", `attribute ${key}`);
      if (key === "xmlns") scope[""] = rawAttrs[key];
      else if (key.startsWith("xmlns:")) scope[key.slice(6)] = rawAttrs[key];
    }
    const [prefix, local] = (name as string).includes(":") ? (name as string).split(":") : ["", name];
    const ns = scope[prefix as string];
    if (ns === undefined) throw new Error(`undeclared namespace prefix '${prefix}' on <${name}>`);
    const attrs = Object.fromEntries(Object.entries(rawAttrs).filter(([k]) => k !== "xmlns" && !k.startsWith("xmlns:")));
    const el: XmlElement = { ns, local: local as string, attrs, children: [], text: "" };
    const parent = stack[stack.length - 1];
    if (parent) parent.el.children.push(el);
    else if (root) throw new Error("more than one root element");
    else root = el;
    if (!selfClosing) stack.push({ el, name: name as string, scope });
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]?.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The structure of the sitemaps.org schema (sitemap.xsd) with the xhtml and image extensions. */
function checkSitemap(root: XmlElement) {
  expect(root.ns).toBe(SITEMAP_NS);
  expect(root.local).toBe("urlset");
  expect(root.children.length).toBeLessThanOrEqual(50_000);
  for (const url of root.children) {
    expect([url.ns, url.local]).toEqual([SITEMAP_NS, "url"]);
    const [loc, ...rest] = url.children;
    // tUrl: loc first, then optional lastmod, changefreq, priority, then elements of other namespaces.
    expect([loc?.ns, loc?.local]).toEqual([SITEMAP_NS, "loc"]);
    expect(loc?.children).toEqual([]);
    const href = loc?.text ?? "";
    expect(href.length).toBeGreaterThanOrEqual(12);
    expect(href.length).toBeLessThanOrEqual(2048);
    expect(href.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(new URL(href).href).toBe(href);
    let i = 0;
    if (rest[i]?.ns === SITEMAP_NS && rest[i]?.local === "lastmod") {
      expect(rest[i]?.text).toMatch(W3C_DATETIME);
      i++;
    }
    for (const el of rest.slice(i)) {
      expect(el.ns, `<${el.local}> after <loc>/<lastmod> must be of another namespace`).not.toBe(SITEMAP_NS);
      if (el.ns === XHTML_NS) {
        expect(el.local).toBe("link");
        expect(Object.keys(el.attrs).sort()).toEqual(["href", "hreflang", "rel"]);
        expect(el.attrs.rel).toBe("alternate");
        expect(el.attrs.hreflang).toMatch(/^([a-z]{2}|x-default)$/);
        expect(el.attrs.href?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      } else {
        expect([el.ns, el.local]).toEqual([IMAGE_NS, "image"]);
        expect(el.children.map((c) => [c.ns, c.local])).toEqual([[IMAGE_NS, "loc"]]);
        expect(() => new URL(el.children[0]?.text ?? "")).not.toThrow();
      }
    }
  }
}

const ANSWER: SitemapAnswer = {
  options: { lastmod: true, hreflang: true, images: true },
  defaultLanguage: "hr",
  entries: [
    {
      kind: "page",
      paths: { hr: "/", en: "/en", de: "/de" },
      lastmod: "2025-03-05T12:30:00.000Z",
      images: ["/media/1/1/MediumSize/hero.webp/h1"],
    },
    { kind: "page", paths: { en: "/en/contact", hr: "/kontakt" }, lastmod: "2025-03-01T10:00:00+02:00", images: [] },
    {
      kind: "post",
      paths: { hr: "/pranje-%26-poliranje" },
      lastmod: "not a date",
      images: ["https://cdn.example.com/slika.jpg?w=800&h=600", "/media/1/2/MediumSize/čistoća auta.webp/x"],
    },
    { kind: "event", paths: { hr: "/dogadjaj/3", en: "/en/event/3" }, lastmod: null, images: [] },
  ],
};

describe("sitemapXml", () => {
  it("writes a well-formed urlset that follows the sitemaps.org schema", () => {
    const root = parseXml(sitemapXml(ANSWER, PUBLIC_URL));
    checkSitemap(root);
    expect(root.children.map((u) => u.children[0]?.text)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/en`,
      `${PUBLIC_URL}/de`,
      `${PUBLIC_URL}/kontakt`,
      `${PUBLIC_URL}/en/contact`,
      `${PUBLIC_URL}/pranje-%26-poliranje`,
      `${PUBLIC_URL}/dogadjaj/3`,
      `${PUBLIC_URL}/en/event/3`,
    ]);
  });

  it("writes lastmod as a W3C datetime in UTC, and none for an unknown or unreadable time", () => {
    const root = parseXml(sitemapXml(ANSWER, PUBLIC_URL));
    const lastmod = (i: number) => root.children[i]?.children.find((c) => c.local === "lastmod")?.text;
    expect(lastmod(0)).toBe("2025-03-05T12:30:00Z");
    expect(lastmod(3)).toBe("2025-03-01T08:00:00Z");
    expect(lastmod(5)).toBeUndefined();
    expect(lastmod(6)).toBeUndefined();
  });

  it("lists every language of an item on each of its URLs, with x-default on the default language", () => {
    const root = parseXml(sitemapXml(ANSWER, PUBLIC_URL));
    const links = (i: number) =>
      root.children[i]?.children.filter((c) => c.ns === XHTML_NS).map((c) => [c.attrs.hreflang, c.attrs.href?.replace(PUBLIC_URL, "")]);
    const home = [
      ["hr", "/"],
      ["en", "/en"],
      ["de", "/de"],
      ["x-default", "/"],
    ];
    expect(links(0)).toEqual(home);
    expect(links(2)).toEqual(home);
    expect(links(4)).toEqual([
      ["hr", "/kontakt"],
      ["en", "/en/contact"],
      ["x-default", "/kontakt"],
    ]);
    // One language only: nothing to point at.
    expect(links(5)).toEqual([]);
  });

  it("writes images as absolute, percent-encoded URLs, escaping '&'", () => {
    const xml = sitemapXml(ANSWER, PUBLIC_URL);
    expect(xml).toContain("<image:loc>https://cdn.example.com/slika.jpg?w=800&amp;h=600</image:loc>");
    const post = parseXml(xml).children[5];
    expect(post?.children.filter((c) => c.ns === IMAGE_NS).map((c) => c.children[0]?.text)).toEqual([
      "https://cdn.example.com/slika.jpg?w=800&h=600",
      `${PUBLIC_URL}/media/1/2/MediumSize/%C4%8Disto%C4%87a%20auta.webp/x`,
    ]);
  });

  it("leaves out what SiteMapOptions turn off", () => {
    const xml = sitemapXml({ ...ANSWER, options: { lastmod: false, hreflang: false, images: false } }, PUBLIC_URL);
    const root = parseXml(xml);
    checkSitemap(root);
    for (const url of root.children) expect(url.children.map((c) => c.local)).toEqual(["loc"]);
  });

  it("writes an empty but valid urlset when there is nothing to list", () => {
    const root = parseXml(sitemapXml({ ...ANSWER, entries: [] }, PUBLIC_URL));
    checkSitemap(root);
    expect(root.children).toEqual([]);
  });

  it("is checked by a reader that really refuses broken XML", () => {
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="x"><url>a & b</url></urlset>')).toThrow(/unescaped/);
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="x"><url></urlset>')).toThrow(/close/);
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="x"><image:image/></urlset>')).toThrow(/namespace/);
  });
});
