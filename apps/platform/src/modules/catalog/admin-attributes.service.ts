import type { AdminAttribute, AdminAttributeInput } from "@shop/contracts";
import { AppError, type FieldRefusal, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import {
  type AttributeColumns,
  attributeHasProductValues,
  attributeIdByCode,
  attributeRows,
  insertAttribute,
  replaceAttributeLabels,
  replaceAttributeValues,
  updateAttribute,
  valueIdsOf,
} from "./admin-attributes.repository.ts";
import { productTags } from "./admin-products.service.ts";

export const ATTRIBUTE_ERRORS = {
  notFound: "error.notFound",
  codeTaken: "adminCatalog.error.attributeCodeTaken",
  typeInUse: "adminCatalog.error.attributeTypeInUse",
  unknownValue: "adminCatalog.error.unknownReference",
} as const;

type Language = AdminAttribute["translations"][number]["language"];

async function viewsOf(ctx: RequestCtx, id?: number): Promise<AdminAttribute[]> {
  const { rows, labels, values, valueLabels } = await attributeRows(ctx.db, id);
  const labelsOf = (list: { language_code: string; label: string }[]) =>
    list.map((l) => ({ language: l.language_code as Language, label: l.label }));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    inputType: r.input_type,
    filterable: r.filterable === 1,
    position: r.position,
    customClass: r.custom_class,
    translations: labelsOf(labels.filter((l) => l.attribute_id === r.id)),
    values: values
      .filter((v) => v.attribute_id === r.id)
      .map((v) => ({
        id: v.id,
        position: v.position,
        swatch: v.swatch,
        translations: labelsOf(valueLabels.filter((l) => l.value_id === v.id)),
      })),
  }));
}

export function listAttributes(ctx: RequestCtx): Promise<AdminAttribute[]> {
  return viewsOf(ctx);
}

async function oneAttribute(ctx: RequestCtx, id: number): Promise<AdminAttribute> {
  const [found] = await viewsOf(ctx, id);
  if (!found) throw new AppError("NOT_FOUND", ATTRIBUTE_ERRORS.notFound);
  return found;
}

const columnsOf = (input: AdminAttributeInput): AttributeColumns => ({
  code: input.code,
  input_type: input.inputType,
  filterable: input.filterable ? 1 : 0,
  position: input.position,
  custom_class: input.customClass,
});

async function write(ctx: RequestCtx, input: AdminAttributeInput, existing: AdminAttribute | null): Promise<number> {
  const refused: FieldRefusal[] = [];
  const owner = await attributeIdByCode(ctx.db, input.code);
  if (owner !== undefined && owner !== existing?.id) refused.push({ path: "code", key: ATTRIBUTE_ERRORS.codeTaken });
  if (existing && existing.inputType !== input.inputType && (await attributeHasProductValues(ctx.db, existing.id))) {
    refused.push({ path: "inputType", key: ATTRIBUTE_ERRORS.typeInUse });
  }
  const own = new Set(existing ? await valueIdsOf(ctx.db, existing.id) : []);
  for (const [i, v] of input.values.entries()) {
    if (v.id !== undefined && !own.has(v.id)) refused.push({ path: `values.${i}.id`, key: ATTRIBUTE_ERRORS.unknownValue });
  }
  if (refused.length) throw fieldsError(refused);
  const labels = (ts: AdminAttributeInput["translations"]) => ts.map((t) => ({ language_code: t.language, label: t.label }));
  try {
    const id = await withTransaction(ctx, async (tx) => {
      const id = existing ? existing.id : await insertAttribute(tx.db, columnsOf(input));
      if (existing) await updateAttribute(tx.db, id, columnsOf(input));
      await replaceAttributeLabels(tx.db, id, labels(input.translations));
      await replaceAttributeValues(
        tx.db,
        id,
        input.values.map((v) => ({ id: v.id, swatch: v.swatch, labels: labels(v.translations) })),
      );
      return id;
    });
    // Labels and choices show in the filter panels and on product pages: the catalog's pages.
    ctx.afterCommit(() => ctx.onContentChange(productTags()));
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldsError([{ path: "code", key: ATTRIBUTE_ERRORS.codeTaken }]);
    throw err;
  }
}

export async function createAttribute(ctx: RequestCtx, input: AdminAttributeInput): Promise<AdminAttribute> {
  return oneAttribute(ctx, await write(ctx, input, null));
}

export async function changeAttribute(ctx: RequestCtx, id: number, input: AdminAttributeInput): Promise<AdminAttribute> {
  const existing = await oneAttribute(ctx, id);
  return oneAttribute(ctx, await write(ctx, input, existing));
}
