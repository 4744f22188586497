import { kpdCodeField } from "@shop/contracts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { classificationCodeOf, updateClassificationCode } from "./product-classification.repository.ts";

/**
 * A product's KPD 2025 code, which each line of an e-invoice names (BT-158). The only way the code
 * is written, so the format is checked here; the admin's product editor (issue 12) calls it.
 */

export const CLASSIFICATION_ERRORS = { productNotFound: "error.notFound" } as const;

export function productClassificationCode(ctx: RequestCtx, productId: number): Promise<string | null | undefined> {
  return classificationCodeOf(ctx.db, productId);
}

/** Sets the code ('45.20.30'), or clears it with null or ''; a code of another shape is a field error. */
export async function setProductClassificationCode(ctx: RequestCtx, productId: number, code: string | null): Promise<string | null> {
  const trimmed = code?.trim() ?? "";
  let value: string | null = null;
  if (trimmed !== "") {
    const parsed = kpdCodeField().safeParse(trimmed);
    if (!parsed.success) throw fieldError("classificationCode", parsed.error.issues[0]?.message ?? "validation.kpd");
    value = parsed.data;
  }
  return withTransaction(ctx, async (tx) => {
    if (!(await updateClassificationCode(tx.db, productId, value, new Date().toISOString()))) {
      throw new AppError("NOT_FOUND", CLASSIFICATION_ERRORS.productNotFound);
    }
    return value;
  });
}
