/** A gift voucher's code (issue 11 item 6): 16 letters and digits, printed and shown in groups of four. */

const GROUP = 4;

/** What a customer typed, as it is stored: capitals, without spaces and dashes. */
export function normaliseVoucherCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

/** The code as printed and shown: groups of four, e.g. ABCD-EFGH-JKLM-NPQR. */
export function formatVoucherCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? code;
}
