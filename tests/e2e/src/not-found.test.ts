import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

describe("unknown path", () => {
  const j = useJourney();

  it("answers 404 with the 'not found' page and a link home", async () => {
    const { page } = j;
    const res = await page.goto("/ovo-ne-postoji-xyz");
    expect(res?.status()).toBe(404);
    await visible(page.getByRole("heading", { name: "Stranica nije pronađena" }));
    expect(await page.title()).toBe("Stranica nije pronađena");
    const home = await visible(page.getByRole("link", { name: "Početna" }).first());
    expect(await home.getAttribute("href")).toBe("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("hr");
  });

  it("answers 404 to a plain HTTP client too (no soft 404)", async () => {
    const res = await fetch(`${j.shop.baseUrl}/ovo-ne-postoji-xyz`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Stranica nije pronađena");
  });
});
