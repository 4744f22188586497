import type { Generated } from "kysely";

export interface BankStatementImportsTable {
  id: Generated<number>;
  file_name: string;
  /** camt053 or csv */
  format: string;
  imported_by: number | null;
  imported_at: string;
}

export interface BankStatementLinesTable {
  id: Generated<number>;
  import_id: number;
  entry_key: string;
  booked_on: string;
  amount_cents: number;
  currency: string;
  model: string | null;
  reference: string | null;
  payer: string | null;
  description: string | null;
  order_id: number | null;
  /** paid, already_paid, amount_mismatch, no_order, no_reference */
  outcome: string;
  resolved_at: string | null;
  created_at: string;
}

export interface BankStatementTables {
  bank_statement_imports: BankStatementImportsTable;
  bank_statement_lines: BankStatementLinesTable;
}
