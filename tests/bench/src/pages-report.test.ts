import { describe, expect, it } from "vitest";
import type { RunFigures } from "./lighthouse-run.ts";
import { median, medians, type PageMeasurement, shortfallLines, table, verdicts } from "./pages-report.ts";

/** A run that meets every target exactly at its bound. */
const atBounds: RunFigures = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1800,
  tbtMs: 50,
  cls: 0.02,
  jsGzipKb: 125,
  jsTransferredKb: 120,
  scriptRequests: 9,
  cssGzipKb: 20,
  cssTransferredKb: 19,
  renderBlockingStylesheets: 1,
  firstPaintCssGzipKb: 12,
};

const page = (runs: RunFigures[], indexable = true): PageMeasurement => ({
  name: indexable ? "home" : "cart",
  path: indexable ? "/" : "/kosarica",
  indexable,
  runs,
  shortfalls: [],
});

const resultOf = (p: PageMeasurement, metric: string) => verdicts(p).find((v) => v.metric === metric)?.result;

describe("the page bench's report", () => {
  it("takes the middle run, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(medians([{ ...atBounds, lcpMs: 3000 }, { ...atBounds, lcpMs: 1000 }, atBounds]).lcpMs).toBe(1800);
  });

  it("passes a figure at its bound and fails it one step beyond, in the target's direction", () => {
    const atBound = page([atBounds]);
    expect(verdicts(atBound).filter((v) => v.result === "FAIL")).toEqual([]);
    const beyond = page([
      { ...atBounds, performance: 97, lcpMs: 1801, cls: 0.021, jsGzipKb: 125.01, renderBlockingStylesheets: 2, firstPaintCssGzipKb: 12.01 },
    ]);
    for (const metric of ["performance", "LCP", "CLS", "JS gzip", "render-blocking stylesheets", "CSS gzip before first paint"]) {
      expect(resultOf(beyond, metric), metric).toBe("FAIL");
    }
    expect(resultOf(beyond, "TBT")).toBe("PASS");
    expect(resultOf(beyond, "FCP")).toBe("info");
  });

  it("leaves the SEO score out for a page that is not indexed, and its SEO shortfalls with it", () => {
    const cart = {
      ...page([{ ...atBounds, seo: 60 }], false),
      shortfalls: [{ category: "seo" as const, id: "is-crawlable", title: "noindex", items: [] }],
    };
    expect(resultOf(cart, "SEO")).toBeUndefined();
    expect(shortfallLines([cart])).toEqual([]);
    expect(table([cart])).not.toContain("SEO");
    expect(resultOf(page([{ ...atBounds, seo: 60 }]), "SEO")).toBe("FAIL");
  });
});
