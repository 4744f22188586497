import { adminMessages } from "@shop/i18n/messages/admin.ts";
import { describe, expect, it } from "vitest";
import { slugFromTitle, slugProblem } from "./new-page.ts";

describe("new page slug", () => {
  it("needs at least four characters, with SPEC §5's exact message", () => {
    expect(slugProblem("abc")).toBe("editor.modals.newPage.slugShort");
    expect(slugProblem("  abc  ")).toBe("editor.modals.newPage.slugShort");
    expect(adminMessages.hr["editor.modals.newPage.slugShort"]).toBe("Slug je kratak (minimum 4 znaka)!");
    expect(slugProblem("abcd")).toBeNull();
  });

  it("takes lowercase letters, digits and single hyphens only", () => {
    for (const bad of ["O-nama", "o--nama", "-onama", "onama-", "o nama", "čišćenje"])
      expect(slugProblem(bad)).toBe("editor.modals.newPage.slugFormat");
    expect(slugProblem("pranje-2024")).toBeNull();
  });

  it("proposes a slug from the title", () => {
    expect(slugFromTitle("Čišćenje i poliranje – Đakovo!")).toBe("ciscenje-i-poliranje-dakovo");
    expect(slugProblem(slugFromTitle("Über uns"))).toBeNull();
  });
});
