import { type Locale, type PageTemplateBlock, type PageTemplateView, type pageTemplateCreateBody, V } from "@shop/contracts";
import type { z } from "zod";
import { AppError, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { auditedDelete, recordChange } from "../audit/index.ts";
import { parseStoredComponents, parseTemplateData, resolveComponents } from "./content-rules.ts";
import * as repo from "./page-templates.repository.ts";
import * as postsRepo from "./posts.repository.ts";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findTemplate>>>;

const ENTITY = "cms.pageTemplate";

function toView(row: Row): PageTemplateView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    blocks: JSON.parse(row.blocks) as PageTemplateBlock[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const notFound = () => new AppError("NOT_FOUND", "error.notFound");

async function checkNameFree(tx: RequestCtx, name: string, exceptId?: number): Promise<void> {
  if (await repo.findByName(tx.db, name, exceptId)) {
    throw new AppError("CONFLICT", "error.pageTemplates.nameTaken", { fields: [{ path: "name", key: V.invalid }] });
  }
}

export async function listTemplates(ctx: RequestCtx): Promise<{ records: PageTemplateView[] }> {
  return { records: (await repo.allTemplates(ctx.db)).map(toView) };
}

/**
 * A page's components in one language as template blocks: master sections become copies of their
 * content (a template holds no references that could change under it). A post that is not a page
 * answers like a missing one.
 */
async function blocksOfPage(tx: RequestCtx, pageId: number, language: Locale): Promise<Omit<PageTemplateBlock, "id">[]> {
  const post = await postsRepo.findPost(tx.db, pageId);
  if (post?.post_type !== "page") throw fieldError("fromPage", "error.notFound");
  const translation = (await postsRepo.fullTranslationsOf(tx.db, pageId)).find((t) => t.language_code === language);
  if (!translation) throw fieldError("language", "error.pageTemplates.noLanguage");
  const [components = []] = await resolveComponents({ ...tx, locale: language }, tx.db, [parseStoredComponents(translation.components)]);
  const blocks = components.flatMap((c) => {
    const parsed = parseTemplateData(c.template, c.data, []);
    return parsed.ok ? [{ template: c.template, data: parsed.data }] : [];
  });
  if (blocks.length === 0) throw fieldError("fromPage", "error.pageTemplates.pageEmpty");
  return blocks;
}

export async function createTemplate(ctx: RequestCtx, body: z.output<typeof pageTemplateCreateBody>): Promise<PageTemplateView> {
  return withTransaction(ctx, async (tx) => {
    await checkNameFree(tx, body.name);
    const blocks =
      body.fromPage !== undefined
        ? await blocksOfPage(tx, body.fromPage, body.language)
        : body.blocks.map((template) => ({ template, data: null }));
    const numbered = blocks.map((b, i) => ({ id: i + 1, ...b }));
    const row = await repo.insertTemplate(tx.db, {
      name: body.name,
      description: body.description,
      blocks: JSON.stringify(numbered),
      now: new Date().toISOString(),
    });
    const view = toView(row);
    await recordChange(tx, { entity: ENTITY, entityId: row.id, action: "create", after: view });
    return view;
  });
}

export async function updateTemplate(ctx: RequestCtx, id: number, body: { name: string; description: string }): Promise<PageTemplateView> {
  return withTransaction(ctx, async (tx) => {
    const before = await repo.findTemplate(tx.db, id);
    if (!before) throw notFound();
    await checkNameFree(tx, body.name, id);
    const row = await repo.updateTemplate(tx.db, id, { name: body.name, description: body.description, now: new Date().toISOString() });
    if (!row) throw notFound();
    await recordChange(tx, {
      entity: ENTITY,
      entityId: id,
      action: "update",
      before: { name: before.name, description: before.description },
      after: { name: row.name, description: row.description },
    });
    return toView(row);
  });
}

export async function reorderBlocks(ctx: RequestCtx, id: number, order: readonly number[]): Promise<PageTemplateView> {
  return withTransaction(ctx, async (tx) => {
    const before = await repo.findTemplate(tx.db, id);
    if (!before) throw notFound();
    const blocks = toView(before).blocks;
    const byId = new Map(blocks.map((b) => [b.id, b]));
    // A permutation of the template's own ids: nothing lost, nothing doubled, nothing foreign.
    if (order.length !== blocks.length || new Set(order).size !== order.length || order.some((b) => !byId.has(b))) {
      throw fieldsError([{ path: "order", key: V.invalid }], "error.pageTemplates.badOrder");
    }
    const reordered = order.map((b) => byId.get(b) as PageTemplateBlock);
    const row = await repo.updateTemplate(tx.db, id, { blocks: JSON.stringify(reordered), now: new Date().toISOString() });
    if (!row) throw notFound();
    await recordChange(tx, {
      entity: ENTITY,
      entityId: id,
      action: "reorder",
      before: blocks.map((b) => b.id),
      after: reordered.map((b) => b.id),
    });
    return toView(row);
  });
}

export async function deleteTemplate(ctx: RequestCtx, id: number): Promise<{ outcome: "deleted" }> {
  const gone = await auditedDelete(ctx, ENTITY, id, async (tx) => {
    const row = await repo.findTemplate(tx.db, id);
    if (!row || !(await repo.deleteTemplate(tx.db, id))) return null;
    return toView(row);
  });
  if (!gone) throw notFound();
  return { outcome: "deleted" };
}
