import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { centsOf, dayOf, type StatementEntry, StatementFormatError, splitReference } from "./statement-entry.ts";

/**
 * The transaction lists that Croatian banks' internet banking exports as CSV. Each bank names and
 * orders its columns its own way (and some add a few lines about the account above them), so the
 * header row is found and read by the names below, in Croatian or English, with or without
 * diacritics; the file may be UTF-8 or Windows-1250, separated by semicolons, commas or tabs.
 */
const COLUMNS = {
  date: ["datum knjizenja", "datum valute", "datum izvrsenja", "datum transakcije", "datum", "booking date", "value date", "date"],
  credit: ["potrazuje", "uplata", "priljev", "odobrenje", "iznos u korist", "credit", "credit amount"],
  amount: ["iznos", "iznos transakcije", "amount"],
  debit: ["duguje", "isplata", "odljev", "terecenje", "debit", "debit amount"],
  model: ["model", "model primatelja", "model odobrenja"],
  reference: [
    "poziv na broj primatelja",
    "poziv na broj odobrenja",
    "model i poziv na broj primatelja",
    "poziv na broj",
    "referenca placanja",
    "reference",
  ],
  payer: ["naziv platitelja", "platitelj", "uplatitelj", "naziv protustrane", "protustrana", "naziv", "payer", "counterparty"],
  description: ["opis placanja", "svrha placanja", "opis", "svrha", "description", "details"],
  bankId: ["referenca banke", "broj transakcije", "id transakcije", "referenca transakcije", "transaction id", "transaction reference"],
  currency: ["valuta", "currency"],
} as const;

type Column = keyof typeof COLUMNS;

export function parseBankCsv(bytes: Uint8Array): StatementEntry[] {
  const text = decode(bytes);
  const rows = parse(text, {
    delimiter: delimiterOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  const headerAt = rows.findIndex((row) => {
    const names = row.map(normalise);
    return COLUMNS.date.some((n) => names.includes(n)) && [...COLUMNS.credit, ...COLUMNS.amount].some((n) => names.includes(n));
  });
  const header = rows[headerAt]?.map(normalise);
  if (!header) throw new StatementFormatError(rows.length > 0 ? "missingColumns" : "noEntries");
  const at = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((c) => [
      c,
      (COLUMNS[c] as readonly string[]).map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1,
    ]),
  ) as Record<Column, number>;
  const cell = (row: string[], column: Column) => (at[column] >= 0 ? (row[at[column]] ?? "").trim() : "");

  const entries: StatementEntry[] = [];
  const seen = new Map<string, number>();
  rows.slice(headerAt + 1).forEach((row, index) => {
    const line = headerAt + index + 2;
    const credit = at.credit >= 0 ? cell(row, "credit") : cell(row, "amount");
    if (credit === "") return;
    const cents = centsOf(credit);
    if (cents === null) throw new StatementFormatError("badAmount", line);
    if (cents <= 0) return;
    const bookedOn = dayOf(cell(row, "date"));
    if (!bookedOn) throw new StatementFormatError("badDate", line);
    const referenceText = [cell(row, "model"), cell(row, "reference")].filter(Boolean).join(" ");
    const description = cell(row, "description") || null;
    const split = splitReference(referenceText);
    const { model, reference } = split.model ? split : splitReference(description);
    const payer = cell(row, "payer") || null;
    const bankId = cell(row, "bankId");
    // Without the bank's own id, the same line in a file imported again must give the same key;
    // two identical payments on one day stay two by their order in the file.
    const base =
      bankId ||
      createHash("sha256")
        .update(JSON.stringify([bookedOn, cents, referenceText, payer, description]))
        .digest("hex")
        .slice(0, 32);
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    entries.push({
      key: `csv:${base}${bankId ? "" : `#${repeat}`}`,
      bookedOn,
      amountCents: cents,
      currency: cell(row, "currency").toUpperCase() || "EUR",
      model,
      reference,
      payer,
      description,
    });
  });
  return entries;
}

function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1250").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

function delimiterOf(text: string): string {
  const sample = text.split(/\r?\n/).slice(0, 20).join("\n");
  const counts = [";", "\t", ","].map((d) => [d, sample.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function normalise(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
