import { describe, expect, it } from "vitest";
import { hrefOfTarget, targetOfHref, validateLink } from "./link-target.ts";

describe("link targets", () => {
  it("builds the href of each kind in the page's language", () => {
    expect(hrefOfTarget({ kind: "page", value: "o-nama" }, "hr")).toBe("/o-nama");
    expect(hrefOfTarget({ kind: "page", value: "about-us" }, "en")).toBe("/en/about-us");
    expect(hrefOfTarget({ kind: "product", value: "vosak" }, "de")).toBe("/de/produkt/vosak");
    expect(hrefOfTarget({ kind: "productCategory", value: "kozmetika" }, "hr")).toBe("/shop/kozmetika");
    expect(hrefOfTarget({ kind: "blogCategory", value: "savjeti" }, "hr")).toBe("/objave/savjeti");
    expect(hrefOfTarget({ kind: "external", value: " https://example.com/a " }, "hr")).toBe("https://example.com/a");
    expect(hrefOfTarget({ kind: "path", value: "/kontakt?part=karta" }, "hr")).toBe("/kontakt?part=karta");
    expect(hrefOfTarget({ kind: "page", value: "" }, "hr")).toBe("");
  });

  it("reads a stored href back into the target it was made from", () => {
    for (const [href, locale] of [
      ["/o-nama", "hr"],
      ["/en/product/wax", "en"],
      ["/shop/kozmetika", "hr"],
      ["/objave/savjeti", "hr"],
    ] as const) {
      expect(hrefOfTarget(targetOfHref(href), locale)).toBe(href);
    }
    expect(targetOfHref("/objave/savjeti")).toEqual({ kind: "blogCategory", value: "savjeti" });
    expect(targetOfHref("https://example.com")).toEqual({ kind: "external", value: "https://example.com" });
    expect(targetOfHref("/kontakt#karta")).toEqual({ kind: "path", value: "/kontakt#karta" });
    expect(targetOfHref("")).toEqual({ kind: "page", value: "" });
  });

  it("says what is wrong, by field", () => {
    expect(validateLink("Kontakt", { kind: "page", value: "kontakt" })).toEqual({});
    expect(validateLink(" ", { kind: "page", value: "" })).toEqual({
      label: "editor.modals.link.labelRequired",
      target: "editor.modals.link.pickRequired",
    });
    expect(validateLink("", { kind: "path", value: "/x" }, false)).toEqual({});
    expect(validateLink("A", { kind: "external", value: "" }).target).toBe("editor.modals.link.urlRequired");
    expect(validateLink("A", { kind: "external", value: "example.com" }).target).toBe("editor.modals.link.urlInvalid");
    expect(validateLink("A", { kind: "external", value: "https://localhost" }).target).toBe("editor.modals.link.urlInvalid");
    expect(validateLink("A", { kind: "external", value: "https://example.com/x?y=1" })).toEqual({});
    expect(validateLink("A", { kind: "path", value: "kontakt" }).target).toBe("editor.modals.link.pathInvalid");
    expect(validateLink("A", { kind: "path", value: "//evil.example" }).target).toBe("editor.modals.link.pathInvalid");
    expect(validateLink("A", { kind: "path", value: "/a b" }).target).toBe("editor.modals.link.pathInvalid");
    for (const ok of ["/", "/kontakt?part=karta", "#cjenik", "mailto:info@example.com", "tel:+38510000000"]) {
      expect(validateLink("A", { kind: "path", value: ok })).toEqual({});
    }
    expect(validateLink("x".repeat(121), { kind: "path", value: "/" }).label).toBe("editor.modals.link.labelTooLong");
  });
});
