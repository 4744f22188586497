import { z } from "zod";
import { BANK_LINE_OUTCOMES, BANK_STATEMENT_FORMATS, BANK_STATEMENT_MAX_BYTES } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import { pagedSchema } from "../envelope.ts";
import { statementImportBody, statementLineParams, unmatchedPaymentsBody } from "../schemas/bank-statements.ts";

export const statementLine = z.object({
  id: z.number().int(),
  bookedOn: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** "HR00 2026-000123" as the payer wrote it; null without a model. */
  reference: z.string().nullable(),
  payer: z.string().nullable(),
  description: z.string().nullable(),
  outcome: z.enum(BANK_LINE_OUTCOMES),
  resolved: z.boolean(),
  order: z.object({ code: z.string(), number: z.string() }).nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementImportAnswer = z.object({
  importId: z.number().int(),
  format: z.enum(BANK_STATEMENT_FORMATS),
  /** Payments of the file imported before (the same file again, overlapping statements): not settled again. */
  repeated: z.number().int(),
  lines: z.array(statementLine),
});
export type StatementImportAnswer = z.infer<typeof statementImportAnswer>;

export const unmatchedPaymentsAnswer = pagedSchema(statementLine);

const tag = "bank statements";

/** Issue 12: staff import the bank's statement; the transfers it shows pay their orders. */
export const bankStatementsApi = {
  import: endpoint({
    method: "POST",
    path: "/v1/bank-statement/import",
    summary: "Import a bank statement (camt.053 XML or the bank's CSV) and pay the bank-transfer orders it shows",
    tag,
    access: { staff: "orders" },
    body: statementImportBody,
    maxBodyBytes: Math.ceil(BANK_STATEMENT_MAX_BYTES / 3) * 4 + 1024,
    answer: statementImportAnswer,
  }),
  unmatched: endpoint({
    method: "POST",
    path: "/v1/bank-statement/unmatched",
    summary: "Imported payments that paid no order and that nobody has dealt with yet",
    tag,
    access: { staff: "orders" },
    readOnly: true,
    body: unmatchedPaymentsBody,
    answer: unmatchedPaymentsAnswer,
  }),
  resolve: endpoint({
    method: "POST",
    path: "/v1/bank-statement/resolve/:id",
    summary: "Mark an unmatched payment as dealt with (returned or booked by hand)",
    tag,
    access: { staff: "orders" },
    params: statementLineParams,
    answer: z.null(),
  }),
} as const;
