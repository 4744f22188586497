import type { AdminCategory, AdminCategoryInput, AdminCategoryMoveBody } from "@shop/contracts";
import type { Executor } from "@shop/db";
import { AppError, type FieldRefusal, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { sanitizeStoredHtml } from "../cms/index.ts";
import {
  allCategories,
  categoryIdBySlug,
  categoryRow,
  categoryTranslations,
  deleteEmptyCategory,
  insertCategoryRow,
  renumber,
  replaceCategoryTranslations,
  siblingIds,
  updateCategoryRow,
} from "./admin-categories.repository.ts";

export const CATEGORY_ERRORS = {
  notFound: "shopApi.error.categoryNotFound",
  slugTaken: "adminCatalog.error.categorySlugTaken",
  duplicateLanguage: "adminCatalog.error.duplicateLanguage",
  cycle: "adminCatalog.error.categoryCycle",
  notEmpty: "adminCatalog.error.categoryNotEmpty",
} as const;

/**
 * A category shows in menus, category lists, breadcrumbs and its own page, which the page caches
 * cannot tell apart yet: "categories" is not in CHANGE_SHOWN_BY, so its change drops every page (ADR 19).
 */
const categoryTags = (...ids: (number | null)[]) => ["categories", ...ids.filter((id) => id !== null).map((id) => `category:${id}`)];

/** The whole tree, parents before children, siblings by position. */
export async function categoryTree(ctx: RequestCtx): Promise<AdminCategory[]> {
  return treeOf(ctx.db);
}

async function treeOf(db: Executor): Promise<AdminCategory[]> {
  const [rows, texts] = await Promise.all([allCategories(db), categoryTranslations(db)]);
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const out: AdminCategory[] = [];
  const visit = (parentId: number | null) => {
    for (const r of byParent.get(parentId) ?? []) {
      out.push({
        id: r.id,
        parentId: r.parent_id,
        position: r.position,
        imageSrc: r.image_src,
        sortDefault: r.sort_default,
        translations: texts
          .filter((t) => t.category_id === r.id)
          .map((t) => ({
            language: t.language_code as AdminCategory["translations"][number]["language"],
            name: t.name,
            slug: t.slug,
            description: t.description,
          })),
        productCount: Number(r.product_count ?? 0),
      });
      visit(r.id);
    }
  };
  visit(null);
  return out;
}

async function categoryView(db: Executor, id: number): Promise<AdminCategory> {
  const found = (await treeOf(db)).find((c) => c.id === id);
  if (!found) throw new AppError("NOT_FOUND", CATEGORY_ERRORS.notFound);
  return found;
}

/** Whether `candidate` is `id` or lies under it: a category cannot move under itself. */
async function isWithin(db: Executor, candidate: number, id: number): Promise<boolean> {
  let current: number | null = candidate;
  for (let guard = 0; current !== null && guard < 1000; guard++) {
    if (current === id) return true;
    current = (await categoryRow(db, current))?.parent_id ?? null;
  }
  return false;
}

async function checkInput(ctx: RequestCtx, input: AdminCategoryInput, selfId: number | null): Promise<void> {
  const refused: FieldRefusal[] = [];
  const languages = new Set<string>();
  for (const [i, t] of input.translations.entries()) {
    if (languages.has(t.language)) refused.push({ path: `translations.${i}.language`, key: CATEGORY_ERRORS.duplicateLanguage });
    languages.add(t.language);
    const owner = await categoryIdBySlug(ctx.db, t.language, t.slug);
    if (owner !== undefined && owner !== selfId) refused.push({ path: `translations.${i}.slug`, key: CATEGORY_ERRORS.slugTaken });
  }
  if (input.parentId !== null) {
    if (!(await categoryRow(ctx.db, input.parentId))) refused.push({ path: "parentId", key: "adminCatalog.error.unknownReference" });
    else if (selfId !== null && (await isWithin(ctx.db, input.parentId, selfId)))
      refused.push({ path: "parentId", key: CATEGORY_ERRORS.cycle });
  }
  if (refused.length) throw fieldsError(refused);
}

const translationRows = (input: AdminCategoryInput) =>
  input.translations.map((t) => ({
    language_code: t.language,
    name: t.name,
    slug: t.slug,
    description: sanitizeStoredHtml(t.description),
  }));

function slugClash(err: unknown): never {
  if (isUniqueViolation(err)) throw fieldError("translations", CATEGORY_ERRORS.slugTaken);
  throw err;
}

export async function createCategory(ctx: RequestCtx, input: AdminCategoryInput): Promise<AdminCategory> {
  await checkInput(ctx, input, null);
  const id = await withTransaction(ctx, async (tx) => {
    const position = (await siblingIds(tx.db, input.parentId)).length;
    const id = await insertCategoryRow(
      tx.db,
      { parent_id: input.parentId, image_src: input.imageSrc, sort_default: input.sortDefault },
      position,
    );
    await replaceCategoryTranslations(tx.db, id, translationRows(input));
    return id;
  }).catch(slugClash);
  ctx.afterCommit(() => ctx.onContentChange(categoryTags(id, input.parentId)));
  return categoryView(ctx.db, id);
}

export async function updateCategory(ctx: RequestCtx, id: number, input: AdminCategoryInput): Promise<AdminCategory> {
  const before = await categoryRow(ctx.db, id);
  if (!before) throw new AppError("NOT_FOUND", CATEGORY_ERRORS.notFound);
  await checkInput(ctx, input, id);
  await withTransaction(ctx, async (tx) => {
    const moved = before.parent_id !== input.parentId;
    const position = moved ? (await siblingIds(tx.db, input.parentId)).length : before.position;
    await updateCategoryRow(tx.db, id, { parent_id: input.parentId, image_src: input.imageSrc, sort_default: input.sortDefault, position });
    await replaceCategoryTranslations(tx.db, id, translationRows(input));
    if (moved) await renumber(tx.db, await siblingIds(tx.db, before.parent_id));
  }).catch(slugClash);
  ctx.afterCommit(() => ctx.onContentChange(categoryTags(id, before.parent_id, input.parentId)));
  return categoryView(ctx.db, id);
}

export async function moveCategory(ctx: RequestCtx, id: number, body: AdminCategoryMoveBody): Promise<AdminCategory[]> {
  const before = await categoryRow(ctx.db, id);
  if (!before) throw new AppError("NOT_FOUND", CATEGORY_ERRORS.notFound);
  if (body.parentId !== null) {
    if (!(await categoryRow(ctx.db, body.parentId))) throw fieldError("parentId", "adminCatalog.error.unknownReference");
    if (await isWithin(ctx.db, body.parentId, id)) throw fieldError("parentId", CATEGORY_ERRORS.cycle);
  }
  await withTransaction(ctx, async (tx) => {
    await updateCategoryRow(tx.db, id, { parent_id: body.parentId });
    const siblings = (await siblingIds(tx.db, body.parentId)).filter((s) => s !== id);
    siblings.splice(Math.min(body.position, siblings.length), 0, id);
    await renumber(tx.db, siblings);
    if (before.parent_id !== body.parentId) await renumber(tx.db, await siblingIds(tx.db, before.parent_id));
  });
  ctx.afterCommit(() => ctx.onContentChange(categoryTags(id, before.parent_id, body.parentId)));
  return treeOf(ctx.db);
}

export async function deleteCategory(ctx: RequestCtx, id: number): Promise<{ outcome: "deleted" }> {
  const before = await categoryRow(ctx.db, id);
  if (!before) throw new AppError("NOT_FOUND", CATEGORY_ERRORS.notFound);
  const deleted = await withTransaction(ctx, async (tx) => {
    if (!(await deleteEmptyCategory(tx.db, id))) return false;
    await renumber(tx.db, await siblingIds(tx.db, before.parent_id));
    return true;
  });
  if (!deleted) throw new AppError("CONFLICT", CATEGORY_ERRORS.notEmpty);
  ctx.afterCommit(() => ctx.onContentChange(categoryTags(id, before.parent_id)));
  return { outcome: "deleted" };
}
