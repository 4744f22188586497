/**
 * Euros as staff type them ("12,50", "12.5", "1.234,50", "12 €") into integer cents; null when it
 * is not an amount. A comma is the decimal mark as Croatian staff write it; a dot is one too when it
 * is the only mark and followed by one or two digits.
 */
export function eurosToCents(text: string): number | null {
  let s = text.replace(/[\s\u00a0€]|EUR/gi, "");
  if (!/^\d[\d.,]*$/.test(s)) return null;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (!/^\d+(\.\d{1,2})?$/.test(s)) s = s.replace(/\./g, "");
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}
