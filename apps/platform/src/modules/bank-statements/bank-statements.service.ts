import { type BANK_STATEMENT_FORMATS, BANK_STATEMENT_MAX_BYTES, makePagination } from "@shop/contracts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";
import { accountActor, settleTransfer } from "../orders/index.ts";
import { parseBankCsv } from "./bank-csv.ts";
import {
  insertImport,
  insertLine,
  type LineOutcome,
  linesOfImport,
  openLines,
  resolveLine,
  setOutcome,
} from "./bank-statements.repository.ts";
import { parseCamt053 } from "./camt053.ts";
import { type StatementEntry, StatementFormatError } from "./statement-entry.ts";

type StatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

/**
 * Reads a bank statement (camt.053 XML or a bank's CSV) and pays the bank-transfer orders whose
 * HR00 reference and amount it shows, through the one settlement of every payment. In one
 * transaction: a file that cannot be read changes nothing; a payment imported before (the same file
 * twice, overlapping statements) is counted, not settled again.
 */
export async function importStatement(ctx: RequestCtx, file: { name: string; bytes: Uint8Array }) {
  if (file.bytes.byteLength > BANK_STATEMENT_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "error.payloadTooLarge");
  const format = formatOf(file.bytes);
  const entries = read(format, file.bytes);
  return withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const importId = await insertImport(tx.db, { fileName: file.name.slice(0, 255), format, userId: tx.user?.id ?? null, now });
    let repeated = 0;
    for (const entry of entries) {
      const lineId = await insertLine(tx.db, importId, entry, now);
      if (lineId === undefined) {
        repeated += 1;
        continue;
      }
      const { outcome, orderId } = await pay(tx, entry, importId);
      await setOutcome(tx.db, lineId, outcome, orderId);
    }
    const lines = (await linesOfImport(tx.db, importId)).map(lineView);
    // The audit keeps what the file did, not the file (its generic row would hold it whole).
    await recordChange(tx, {
      entity: "bank statement",
      entityId: importId,
      action: "import",
      after: {
        fileName: file.name,
        format,
        repeated,
        lines: lines.map((l) => ({ id: l.id, outcome: l.outcome, order: l.order?.number ?? null })),
      },
    });
    return { importId, format, repeated, lines };
  });
}

async function pay(tx: RequestCtx, entry: StatementEntry, importId: number): Promise<{ outcome: LineOutcome; orderId: number | null }> {
  if (entry.model !== "HR00" || !entry.reference) return { outcome: "no_reference", orderId: null };
  const actor = tx.user ? accountActor(tx.user.id) : "bank-statement";
  const settled = await settleTransfer(
    tx,
    { orderNumber: entry.reference, amountCents: entry.amountCents, currency: entry.currency, bankReference: entry.key.slice(0, 100) },
    `bank statement ${importId}`,
    actor,
  );
  const outcome: LineOutcome =
    settled.result === "paid"
      ? "paid"
      : settled.result === "already"
        ? "already_paid"
        : settled.result === "amount_mismatch"
          ? "amount_mismatch"
          : settled.result === "alert"
            ? "not_payable"
            : "no_order";
  return { outcome, orderId: settled.order?.id ?? null };
}

function formatOf(bytes: Uint8Array): StatementFormat {
  const head = Buffer.from(bytes.subarray(0, 64))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<") ? "camt053" : "csv";
}

function read(format: StatementFormat, bytes: Uint8Array): StatementEntry[] {
  try {
    const entries = format === "camt053" ? parseCamt053(Buffer.from(bytes).toString("utf8")) : parseBankCsv(bytes);
    if (entries.length === 0) throw new StatementFormatError("noEntries");
    return entries;
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    throw fieldError("file", `error.bankStatement.${error.reason}`, { line: error.line ?? 0 });
  }
}

type LineRow = Awaited<ReturnType<typeof linesOfImport>>[number];

function lineView(row: LineRow) {
  return {
    id: row.id,
    bookedOn: row.booked_on,
    amountCents: row.amount_cents,
    currency: row.currency,
    reference: row.model && row.reference ? `${row.model} ${row.reference}` : null,
    payer: row.payer,
    description: row.description,
    outcome: row.outcome as LineOutcome,
    resolved: row.resolved_at !== null,
    order: row.order_code && row.order_number ? { code: row.order_code, number: row.order_number } : null,
  };
}

/** The payments that paid no order and that nobody has dealt with yet. */
export async function unmatchedPayments(ctx: RequestCtx, page: { page: number; limit: number }) {
  const { rows, total } = await openLines(ctx.db, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return { records: rows.map(lineView), pagination: makePagination(page.page, page.limit, total) };
}

/** Staff returned the money or booked it by hand: the payment leaves the list. A line not open is not found. */
export async function resolveUnmatched(ctx: RequestCtx, lineId: number): Promise<void> {
  const done = await withTransaction(ctx, (tx) => resolveLine(tx.db, lineId, new Date().toISOString()));
  if (!done) throw new AppError("NOT_FOUND", "error.notFound");
}
