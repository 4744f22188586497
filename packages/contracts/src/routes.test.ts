import { describe, expect, it } from "vitest";
import {
  isValidInternalPath,
  localeFromPath,
  localizedPath,
  matchLocalizedRoute,
  routeEntries,
  routePattern,
  switchLocalePath,
} from "./routes.ts";

describe("route table", () => {
  it("follows SPEC §2 per language, hr without prefix", () => {
    expect(routePattern("login", "hr")).toBe("/prijava");
    expect(routePattern("login", "en")).toBe("/en/login");
    expect(routePattern("cart", "de")).toBe("/de/einkaufswagen");
    expect(routePattern("event", "de")).toBe("/de/Veranstaltung/:id");
    expect(routePattern("checkoutSuccess", "hr")).toBe("/naplata/uspjesna");
    expect(routePattern("product", "de")).toBe("/de/produkt/:slug?");
    expect(routePattern("product", "hr")).toBe("/product/:slug?");
    expect(routePattern("confirmEmail", "de")).toBe("/de/bestatigungs-email");
    expect(routePattern("content", "hr")).toBe("/:slug?");
    expect(routePattern("newsletter", "de")).toBe("/de/newsletter");
    expect(routePattern("profileOrder", "hr")).toBe("/profil/narudzbe/:code");
    expect(routePattern("profileAddress", "de")).toBe("/de/profil/adresse/:id?");
  });

  it("gives every (route, locale) pair a unique id and path", () => {
    const entries = routeEntries();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
    expect(entries).toHaveLength(22 * 3);
  });

  it("fills params and drops empty optional ones", () => {
    expect(localizedPath("blog", "hr", { slug: "savjeti" })).toBe("/objave/savjeti");
    expect(localizedPath("blog", "hr")).toBe("/objave");
    expect(localizedPath("content", "hr")).toBe("/");
    expect(localizedPath("content", "en")).toBe("/en");
    expect(localizedPath("event", "hr", { id: 7 })).toBe("/dogadjaj/7");
  });

  it("matches paths back to routes, prefixed locales before hr's catch-all", () => {
    expect(matchLocalizedRoute("/en/login")).toEqual({ name: "login", locale: "en", params: {} });
    expect(matchLocalizedRoute("/en")).toMatchObject({ name: "content", locale: "en" });
    expect(matchLocalizedRoute("/objave/savjeti")).toEqual({ name: "blog", locale: "hr", params: { slug: "savjeti" } });
    expect(matchLocalizedRoute("/o-nama")).toEqual({ name: "content", locale: "hr", params: { slug: "o-nama" } });
    expect(matchLocalizedRoute("/a/b/c")).toBeUndefined();
  });

  it("switches a page to another language", () => {
    expect(switchLocalePath("/prijava", "en")).toBe("/en/login");
    expect(switchLocalePath("/de/kasse", "hr")).toBe("/naplata");
    expect(switchLocalePath("/dogadjaj/3", "de")).toBe("/de/Veranstaltung/3");
  });

  it("reads the locale from the prefix", () => {
    expect(localeFromPath("/en/cart")).toBe("en");
    expect(localeFromPath("/de")).toBe("de");
    expect(localeFromPath("/hr/x")).toBe("hr");
    expect(localeFromPath("/english")).toBe("hr");
  });
});

describe("internal redirect targets (SPEC §5)", () => {
  it.each(["/", "/profil", "/objave/savjeti-za-zimu", "/a@b-c%20d_e~f", "/čistoća"])("accepts %s", (p) => {
    expect(isValidInternalPath(p)).toBe(true);
  });
  it.each(["", "profil", "//evil.example", "https://evil.example", "/\\evil", "/a?b=c", "/a//b", "/x y", "/javascript:alert(1)", 42])(
    "refuses %s",
    (p) => {
      expect(isValidInternalPath(p)).toBe(false);
    },
  );
});
