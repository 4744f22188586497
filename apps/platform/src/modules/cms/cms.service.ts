import {
  cookieOptionsSchema,
  type ElementHandler,
  type ElementView,
  footerOptionsSchema,
  headerOptionsSchema,
  type Locale,
  type NavigationHandle,
  type NavigationItem,
} from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { withTransaction } from "../../http/transaction.ts";
import { languagesFor } from "../../shared/translations.ts";
import { contentChanged } from "./content-rules.ts";
import * as repo from "./layout.repository.ts";

export async function navigationTree(ctx: RequestCtx, handle: NavigationHandle): Promise<NavigationItem[]> {
  for (const lang of languagesFor(ctx.locale)) {
    const navigationId = await repo.findNavigationId(ctx.db, handle, lang);
    if (navigationId !== undefined) return treeOf(ctx.db, navigationId);
  }
  return [];
}

/** One navigation's items as a tree, in order within each parent. */
export async function treeOf(db: Executor, navigationId: number): Promise<NavigationItem[]> {
  const rows = await repo.navigationItems(db, navigationId);
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const build = (parent: number | null): NavigationItem[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      url: r.type === "linkless" ? null : r.url,
      external: !!r.url && /^https?:\/\//.test(r.url),
      children: build(r.id),
    }));
  return build(null);
}

export async function elementsByHandlers(ctx: RequestCtx, handlers: readonly string[], variant: string): Promise<ElementView[]> {
  const variants = variant === "default" ? ["default"] : [variant, "default"];
  const rows = await repo.elementsOf(ctx.db, handlers, variants, languagesFor(ctx.locale));
  // Prefer the requested variant, then the requested language.
  const score = (r: (typeof rows)[number]) => (r.variant === variant ? 2 : 0) + (r.language_code === ctx.locale ? 1 : 0);
  const best = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const current = best.get(r.handler);
    if (!current || score(r) > score(current)) best.set(r.handler, r);
  }
  return handlers.flatMap((h) => {
    const r = best.get(h);
    return r ? [elementView(r)] : [];
  });
}

function elementView(r: repo.ElementRow): ElementView {
  return {
    id: r.id,
    handler: r.handler,
    title: r.title,
    type: r.type,
    slug: r.slug,
    language_code: r.language_code,
    options: JSON.parse(r.options),
    meta: JSON.parse(r.meta),
    created_at: r.created_at,
    version: r.version,
  };
}

const OPTION_SCHEMAS = {
  "header-section": headerOptionsSchema,
  "footer-section": footerOptionsSchema,
  "cookie-section": cookieOptionsSchema,
} as const;

/** The options checked against the handler's schema (header, footer or cookie), or a 400 naming the fields. */
function checkedOptions(ctx: RequestCtx, handler: ElementHandler, options: Record<string, unknown>): Record<string, unknown> {
  const parsed = OPTION_SCHEMAS[handler].safeParse(options);
  if (!parsed.success) {
    throw validationError(
      ctx.locale,
      parsed.error.issues.map((i) => ({ ...i, path: ["options", ...i.path] })),
      "body",
    );
  }
  return parsed.data;
}

function isHandler(value: string): value is ElementHandler {
  return value in OPTION_SCHEMAS;
}

/** SPEC §7 element/create: one element per handler, variant and language. */
export async function createElement(
  ctx: RequestCtx,
  body: { handler: ElementHandler; variant: string; language: Locale; title: string; options: Record<string, unknown> },
): Promise<ElementView> {
  const options = checkedOptions(ctx, body.handler, body.options);
  const row = await withTransaction(ctx, async (tx) => {
    if (await repo.hasElement(tx.db, body.handler, body.variant, body.language)) throw new AppError("CONFLICT", "error.cms.elementExists");
    contentChanged(tx, ["elements"]);
    return repo.insertElement(tx.db, {
      handler: body.handler,
      variant: body.variant,
      title: body.title,
      type: "static-element",
      slug: `${body.handler}-${body.variant}`,
      language_code: body.language,
      options: JSON.stringify(options),
      meta: "{}",
      created_at: new Date().toISOString(),
    });
  });
  return elementView(row);
}

/** SPEC §7 element/update: a new title and/or options (checked against the element's own handler). */
export async function updateElement(
  ctx: RequestCtx,
  id: number,
  body: { title?: string; options?: Record<string, unknown>; baseVersion?: number },
): Promise<ElementView> {
  const row = await withTransaction(ctx, async (tx) => {
    const current = await repo.findElement(tx.db, id);
    if (!current) throw new AppError("NOT_FOUND", "error.notFound");
    // Only the three layout elements are editable here.
    if (!isHandler(current.handler)) throw new AppError("NOT_FOUND", "error.notFound");
    // An edit based on an older version is refused (issue 13); without a base the caller overwrites knowingly.
    const base = body.baseVersion ?? current.version;
    const options = body.options ? JSON.stringify(checkedOptions(ctx, current.handler, body.options)) : current.options;
    const updated = await repo.updateElement(tx.db, id, base, { title: body.title ?? current.title, options });
    if (!updated) throw new AppError("CONFLICT", "error.editor.staleLayout");
    contentChanged(tx, ["elements"]);
    return updated;
  });
  return elementView(row);
}
