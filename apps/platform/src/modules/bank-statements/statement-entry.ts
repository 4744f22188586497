/**
 * One incoming payment read from a bank statement, whatever the file's format. Only credits are
 * kept: a shop's statement also lists its own outgoing payments, which pay no order.
 */
export interface StatementEntry {
  /** What makes the entry unique at its bank, so that importing a file twice settles nothing twice. */
  key: string;
  /** The booking day, YYYY-MM-DD. */
  bookedOn: string;
  amountCents: number;
  currency: string;
  /** The payer's model and reference (HUB-3: "HR00" and "2026-000123"), as the bank passed them. */
  model: string | null;
  reference: string | null;
  payer: string | null;
  description: string | null;
}

/** Why a statement file could not be read; `line` is the file's line (CSV) or entry (camt.053), from 1. */
export class StatementFormatError extends Error {
  readonly reason: "unknownFormat" | "badXml" | "noEntries" | "missingColumns" | "badAmount" | "badDate";
  readonly line: number | null;

  constructor(reason: StatementFormatError["reason"], line: number | null = null) {
    super(line === null ? reason : `${reason} at ${line}`);
    this.reason = reason;
    this.line = line;
  }
}

const REFERENCE = /\b(HR\d{2})\s*-?\s*(\d{1,12}(?:-\d{1,12}){0,2})\b/i;

/**
 * Splits "HR00 2026-000123" (also "HR002026-000123", as some banks print it) into model and
 * reference; a text without a model gives nulls.
 */
export function splitReference(text: string | null | undefined): { model: string | null; reference: string | null } {
  const found = text ? REFERENCE.exec(text.replace(/\s+/g, " ")) : null;
  return found?.[1] && found[2] ? { model: found[1].toUpperCase(), reference: found[2] } : { model: null, reference: null };
}

/**
 * Cents from a bank's decimal text: "1.234,56" and "1234,56" (Croatian banks), "1,234.56" and
 * "1234.56" (ISO 20022). Null for anything else, so that no amount is guessed.
 */
export function centsOf(text: string): number | null {
  const t = text.trim().replace(/\s/g, "");
  const comma = /^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^-?\d+(,\d{1,2})?$/;
  const point = /^-?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^-?\d+(\.\d{1,2})?$/;
  let normal: string;
  if (comma.test(t) && (t.includes(",") || !point.test(t))) normal = t.replace(/\./g, "").replace(",", ".");
  else if (point.test(t)) normal = t.replace(/,/g, "");
  else return null;
  const [whole, fraction = ""] = normal.replace("-", "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return normal.startsWith("-") ? -cents : cents;
}

/** YYYY-MM-DD from "2026-11-25", "2026-11-25T10:00:00" or the Croatian "25.11.2026." ; null otherwise. */
export function dayOf(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  const hr = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : hr ? [hr[3], hr[2], hr[1]] : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}
