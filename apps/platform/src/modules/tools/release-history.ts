import { readFile } from "node:fs/promises";
import type { ReleaseView } from "@shop/contracts";
import { Marked } from "marked";
import { sanitizeStoredHtml } from "../cms/index.ts";

/** The repository's root, where CHANGELOG.md and package.json are: five folders up from this module. */
const ROOT = new URL("../../../../../", import.meta.url);

/** SPEC §9: the latest tag is asked at most once an hour, the releases about every five minutes. */
export const TAG_TTL_MS = 60 * 60 * 1000;
export const RELEASES_TTL_MS = 5 * 60 * 1000;

/** A parser of our own: no options or extensions of another user of marked leak into it. */
const markdown = new Marked({ gfm: true, async: false });

/** '## [0.6.0] - 2026-11-26' or '## [Unreleased]' (Keep a Changelog). */
const HEADING = /^## \[([^\]]+)\](?:\s+-\s+(\d{4}-\d{2}-\d{2}))?\s*$/;

/**
 * The releases of a Keep-a-Changelog file, newest first as written, each with its notes rendered
 * from markdown and sanitised with the CMS's allow-list (the notes reach staff pages as HTML).
 */
export function parseChangelog(text: string): ReleaseView[] {
  const releases: { version: string; date: string | null; lines: string[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) releases.push({ version: heading[1] as string, date: heading[2] ?? null, lines: [] });
    else releases.at(-1)?.lines.push(line);
  }
  return releases.map((r) => ({
    tag_name: r.version.toLowerCase() === "unreleased" ? "Unreleased" : `v${r.version}`,
    released_at: r.date,
    description_html: sanitizeStoredHtml(markdown.parse(r.lines.join("\n").trim()) as string),
  }));
}

/** The newest released version's tag (the unreleased changes have none). */
export function latestTagOf(releases: readonly ReleaseView[]): string | null {
  return releases.find((r) => r.released_at !== null)?.tag_name ?? null;
}

export async function readChangelog(): Promise<ReleaseView[]> {
  return parseChangelog(await readFile(new URL("CHANGELOG.md", ROOT), "utf8"));
}

export async function readAppVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL("package.json", ROOT), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "0.0.0";
}

/** A value read again once it is older than `ttlMs`; a failed read is not kept. */
export function cachedFor<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!kept || now - kept.at > ttlMs) {
      const value = read();
      kept = { at: now, value };
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
    }
    return kept.value;
  };
}
