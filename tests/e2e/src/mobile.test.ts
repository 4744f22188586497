import { describe, expect, it } from "vitest";
import { visible } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";

describe("small screens", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });

  it("the home page has no horizontal scroll at 360 px", async () => {
    const { page } = j;
    const res = await page.goto("/", { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await visible(page.getByRole("banner").first());
    const { scrollWidth, clientWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      innerWidth: window.innerWidth,
    }));
    expect(innerWidth).toBe(360);
    expect(clientWidth).toBeLessThanOrEqual(360);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });
});
