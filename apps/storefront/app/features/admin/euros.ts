/** Money as staff type it in the back office's forms (catalog prices, refunds), and back. */

/**
 * Euros as staff type them ("12,50", "12.50", "1.234,50", "1 234,5", "12 €", "1,234.50") into integer cents;
 * undefined for an empty field, null for anything else. Both separators are accepted because the
 * staff's own keyboard and language decide which one they type.
 */
export function parseEuros(text: string): number | null | undefined {
  const value = text.replace(/[\s\u00a0€]|EUR/gi, "");
  if (value === "") return undefined;
  // The Croatian way first (comma before the cents); commas group thousands only before cents after a
  // dot ("1,234.50"): "12,505" is a typo of 12,50 rather than twelve thousand euros.
  const match =
    /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value) ??
    /^(\d+)(?:\.(\d{1,2}))?$/.exec(value) ??
    /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/.exec(value);
  if (!match) return null;
  const whole = Number((match[1] ?? "").replace(/[.,]/g, ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as the euros field shows them, in the Croatian way ("12,50"), which parseEuros reads back. */
export function eurosText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.trunc(cents / 100)},${String(Math.abs(cents % 100)).padStart(2, "0")}`;
}
