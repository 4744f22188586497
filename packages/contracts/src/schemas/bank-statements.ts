import { z } from "zod";
import { BANK_STATEMENT_MAX_BYTES, PAGINATION } from "../constants.ts";
import { V } from "../validation-messages.ts";

/** A statement file as the admin's upload sends it: its name and its bytes in base64. */
export const statementImportBody = z.object({
  fileName: z.string().trim().min(1, { error: V.required }).max(255, { error: V.invalid }),
  contentBase64: z
    .string()
    .min(1, { error: V.required })
    .max(Math.ceil(BANK_STATEMENT_MAX_BYTES / 3) * 4, { error: V.invalid })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: V.invalid }),
});
export type StatementImportBody = z.infer<typeof statementImportBody>;

export const unmatchedPaymentsBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(50),
});

export const statementLineParams = z.object({
  id: z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }),
});
