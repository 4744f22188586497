import { randomInt } from "node:crypto";

/** Letters and digits without look-alikes (no I, O, 0, 1): read from paper and typed without doubt. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LENGTH = 16;
const GROUP = 4;

/** 16 random characters of 32: 80 bits, so a code cannot be guessed, even by someone trying millions. */
export function newVoucherCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** What a customer typed, as it is stored: capitals, without spaces and dashes. */
export function normaliseVoucherCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

/** The code as printed and mailed: groups of four, e.g. ABCD-EFGH-JKLM-NPQR. */
export function formatVoucherCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? code;
}

export const VOUCHER_CODE_LENGTH = LENGTH;
