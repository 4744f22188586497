/**
 * The page bench's targets (issue 26) and its printout: the median of each figure over the runs,
 * held against its target, one row per page and figure.
 */
import type { Category, RunFigures, Shortfall } from "./lighthouse-run.ts";

export interface PageMeasurement {
  name: string;
  path: string;
  /** The cart is noindex by design: no SEO target. */
  indexable: boolean;
  runs: RunFigures[];
  shortfalls: Shortfall[];
}

interface Figure {
  label: string;
  key: keyof RunFigures;
  show(value: number): string;
  /** None: shown for information only. */
  limit?: { bound: "min" | "max"; value: number };
  /** For pages without the target. */
  appliesTo?(page: PageMeasurement): boolean;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (value: number) => `${value.toFixed(2)} KB`;
/** Scores and counts: whole numbers, or a half where an even number of runs splits the median. */
const plain = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

const CATEGORY_LABELS: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best practices",
  seo: "SEO",
};

const FIGURES: Figure[] = [
  { label: CATEGORY_LABELS.performance, key: "performance", show: plain, limit: { bound: "min", value: 98 } },
  { label: CATEGORY_LABELS.accessibility, key: "accessibility", show: plain, limit: { bound: "min", value: 100 } },
  { label: CATEGORY_LABELS.bestPractices, key: "bestPractices", show: plain, limit: { bound: "min", value: 100 } },
  { label: CATEGORY_LABELS.seo, key: "seo", show: plain, limit: { bound: "min", value: 100 }, appliesTo: (page) => page.indexable },
  { label: "FCP", key: "fcpMs", show: seconds },
  { label: "LCP", key: "lcpMs", show: seconds, limit: { bound: "max", value: 1800 } },
  { label: "TBT", key: "tbtMs", show: ms, limit: { bound: "max", value: 50 } },
  { label: "CLS", key: "cls", show: (value) => value.toFixed(3), limit: { bound: "max", value: 0.02 } },
  { label: "JS gzip", key: "jsGzipKb", show: kb, limit: { bound: "max", value: 125 } },
  { label: "JS transferred", key: "jsTransferredKb", show: kb },
  { label: "script requests", key: "scriptRequests", show: plain },
  { label: "CSS gzip", key: "cssGzipKb", show: kb },
  { label: "CSS transferred", key: "cssTransferredKb", show: kb },
  { label: "CSS gzip before first paint", key: "firstPaintCssGzipKb", show: kb, limit: { bound: "max", value: 12 } },
  { label: "render-blocking stylesheets", key: "renderBlockingStylesheets", show: plain, limit: { bound: "max", value: 1 } },
];

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function medians(runs: readonly RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0] ?? {}) as (keyof RunFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunFigures;
}

export interface Verdict {
  metric: string;
  value: number;
  shown: string;
  target: string;
  result: "PASS" | "FAIL" | "info";
}

export function verdicts(page: PageMeasurement): Verdict[] {
  const mid = medians(page.runs);
  return FIGURES.filter((figure) => figure.appliesTo?.(page) ?? true).map((figure) => {
    const value = mid[figure.key];
    const { limit } = figure;
    if (!limit) return { metric: figure.label, value, shown: figure.show(value), target: "-", result: "info" };
    const ok = limit.bound === "min" ? value >= limit.value : value <= limit.value;
    const target = `${limit.bound === "min" ? ">=" : "<="} ${figure.show(limit.value)}`;
    return { metric: figure.label, value, shown: figure.show(value), target, result: ok ? "PASS" : "FAIL" };
  });
}

/** One table: page, figure, median, target, PASS/FAIL (the page named on its first row). */
export function table(pages: readonly PageMeasurement[]): string {
  const header = ["page", "metric", "median", "target", "result"];
  const rows = pages.flatMap((page) =>
    verdicts(page).map((v, i) => [i === 0 ? `${page.name} ${page.path}` : "", v.metric, v.shown, v.target, v.result]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 2 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Why a page's accessibility, best practices or SEO is under 100 (in any run). */
export function shortfallLines(pages: readonly PageMeasurement[]): string[] {
  return pages.flatMap((page) =>
    page.shortfalls
      .filter((s) => s.category !== "seo" || page.indexable)
      .map(
        (s) => `  ${page.name}: ${CATEGORY_LABELS[s.category]}: ${s.id} (${s.title})${s.items.length > 0 ? `: ${s.items.join(", ")}` : ""}`,
      ),
  );
}
