import { randomInt } from "node:crypto";

export { formatVoucherCode, normaliseVoucherCode } from "@shop/contracts";

/** Letters and digits without look-alikes (no I, O, 0, 1): read from paper and typed without doubt. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const VOUCHER_CODE_LENGTH = 16;

/** 16 random characters of 32: 80 bits, so a code cannot be guessed, even by someone trying millions. */
export function newVoucherCode(): string {
  return Array.from({ length: VOUCHER_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
