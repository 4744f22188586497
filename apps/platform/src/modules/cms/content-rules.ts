import {
  type BlockTemplate,
  blockSchemas,
  blockTemplates,
  type ComponentInput,
  type Locale,
  localizedPath,
  matchLocalizedRoute,
  type PageComponent,
  SLUG_FORMAT,
  SLUG_MIN,
  V,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { z } from "zod";
import { type AppError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { pickTranslation } from "../../shared/translations.ts";
import { sanitizeHtmlFields } from "./html.ts";
import * as mastersRepo from "./masters.repository.ts";

/** SPEC §5 messages, verbatim. */
export const SLUG_TOO_SHORT = "Slug je kratak (minimum 4 znaka)!";
export const EMPTY_COMPONENTS = "Saving empty components on a page is refused";

/** SPEC §5 slug rules: at least 4 characters and a valid format. */
export function checkSlugFormat(slug: string, path: string): void {
  if (slug.length < SLUG_MIN) throw fieldsError([{ path, key: V.minLength, params: { length: SLUG_MIN } }], SLUG_TOO_SHORT);
  if (!SLUG_FORMAT.test(slug)) throw fieldsError([{ path, key: V.invalid }], "error.cms.slugFormat");
}

/** A page or post slug must also be reachable: '/prijava' or '/en' belong to other routes and would hide the content. */
export function checkContentSlug(slug: string, language: Locale, path: string): void {
  checkSlugFormat(slug, path);
  const match = matchLocalizedRoute(localizedPath("content", language, { slug }));
  if (match?.name !== "content" || match.params.slug !== slug) throw fieldsError([{ path, key: V.invalid }], "error.cms.slugReserved");
}

/** A component as stored in post_translations.components. */
export type StoredComponent = { id: number; template: string; data: Record<string, unknown> } | { id: number; master: number };

function isBlockTemplate(value: string): value is BlockTemplate {
  return (blockTemplates as readonly string[]).includes(value);
}

type Issue = z.core.$ZodIssue;

function prefixed(issues: readonly Issue[], prefix: (string | number)[]): Issue[] {
  return issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}

/** Checks a template's data against its schema, with HTML fields sanitized; the issues carry `prefix`. */
export function parseTemplateData(
  template: string,
  data: Record<string, unknown>,
  prefix: (string | number)[],
): { ok: true; data: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  if (!isBlockTemplate(template)) {
    return { ok: false, issues: [{ code: "custom", message: V.invalid, path: [...prefix.slice(0, -1), "template"], input: template }] };
  }
  const parsed = blockSchemas[template].safeParse(sanitizeHtmlFields(data));
  if (!parsed.success) return { ok: false, issues: prefixed(parsed.error.issues, prefix) };
  return { ok: true, data: parsed.data as Record<string, unknown> };
}

/**
 * Validates components for saving: every template exists and its data passes its schema (HTML
 * sanitized), every master reference exists. Ids stay when unique, the rest are numbered on.
 */
export async function prepareComponents(
  ctx: RequestCtx,
  db: Executor,
  components: readonly ComponentInput[],
  path: (string | number)[],
): Promise<StoredComponent[]> {
  const issues: Issue[] = [];
  const existing = await mastersRepo.existingMasterIds(db, [...new Set(components.flatMap((c) => ("master" in c ? [c.master] : [])))]);
  const out: StoredComponent[] = [];
  const used = new Set<number>();
  let next = Math.max(0, ...components.map((c) => c.id ?? 0)) + 1;
  const idFor = (id: number | undefined) => {
    const value = id !== undefined && !used.has(id) ? id : next++;
    used.add(value);
    return value;
  };
  components.forEach((component, index) => {
    if ("master" in component) {
      if (!existing.has(component.master)) {
        issues.push({ code: "custom", message: V.invalid, path: [...path, index, "master"], input: component.master });
        return;
      }
      out.push({ id: idFor(component.id), master: component.master });
      return;
    }
    const parsed = parseTemplateData(component.template, component.data, [...path, index, "data"]);
    if (!parsed.ok) {
      issues.push(...parsed.issues);
      return;
    }
    out.push({ id: idFor(component.id), template: component.template, data: parsed.data });
  });
  if (issues.length) throw validationError(ctx.locale, issues, "body");
  return out;
}

export function emptyComponentsError(path: string): AppError {
  return fieldsError([{ path, key: V.required }], EMPTY_COMPONENTS);
}

/**
 * Replaces master references with the master's template and data in the request language (hr
 * fallback), for many component lists at once. A reference to a deleted master is left out.
 */
export async function resolveComponents(ctx: RequestCtx, db: Executor, lists: readonly StoredComponent[][]): Promise<PageComponent[][]> {
  const ids = [...new Set(lists.flat().flatMap((c) => ("master" in c ? [c.master] : [])))];
  const masters = new Map<number, { template: string; data: Record<string, unknown> }>();
  if (ids.length) {
    const rows = await mastersRepo.masterVersions(db, ids);
    for (const id of ids) {
      const best = pickTranslation(
        rows.filter((r) => r.id === id),
        ctx.locale,
      );
      if (best) masters.set(id, { template: best.template, data: JSON.parse(best.data) });
    }
  }
  return lists.map((list) =>
    list.flatMap((c): PageComponent[] => {
      if (!("master" in c)) return [c];
      const master = masters.get(c.master);
      return master ? [{ id: c.id, template: master.template, data: master.data, master: c.master }] : [];
    }),
  );
}

export function parseStoredComponents(json: string): StoredComponent[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as StoredComponent[]) : [];
}

/** Pages showing what changed (`tags`) leave the page caches once the change commits; a rolled-back one keeps them. */
export function contentChanged(tx: RequestCtx, tags: string[]): void {
  tx.afterCommit(() => tx.onContentChange(tags));
}
