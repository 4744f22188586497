import type { CsvFile } from "@shop/contracts";

/** A cell as Croatian Excel reads it: quoted when it holds a separator, a quote or a line break. */
function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Cents as a decimal with a comma, the way a Croatian spreadsheet reads an amount. */
export function centsCell(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

/**
 * A CSV that Croatian Excel opens as it is: UTF-8 only after a BOM, semicolons between cells
 * (the comma is the decimal separator), CRLF between lines.
 */
export function csvFile(filename: string, header: readonly string[], rows: Iterable<readonly string[]>): CsvFile {
  const lines = [header.map(cell).join(";")];
  for (const row of rows) lines.push(row.map(cell).join(";"));
  return { filename, contentType: "text/csv; charset=utf-8", content: `\uFEFF${lines.join("\r\n")}\r\n` };
}
