import { z } from "zod";
import COMMON_PASSWORDS from "./common-passwords.json" with { type: "json" };
import { PASSWORD_MIN } from "./constants.ts";
import { V } from "./validation-messages.ts";

/*
 * The rule for a password being chosen, in a module of its own: only the pages that choose a
 * password (register, reset) load the list into the browser, not every page with a form.
 */

/** Lower-cased, at least PASSWORD_MIN long: the only ones that matter (see scripts/common-passwords.mjs). */
let commonPasswords: ReadonlySet<string> | undefined;

/**
 * A password nobody should choose: blank, one character repeated ('aaaaaaaa') or among the most
 * common ones of leaked-password lists (in any letter case).
 */
export function isWeakPassword(password: string): boolean {
  if (password.trim() === "" || /^(.)\1*$/su.test(password)) return true;
  commonPasswords ??= new Set(COMMON_PASSWORDS);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * A password being chosen (register, reset, change). Never trimmed: spaces are characters like any
 * other, and what is typed at login must be what was chosen.
 */
export const passwordField = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .min(PASSWORD_MIN, { error: V.minLength })
    .max(200, { error: V.maxLength })
    .refine((value) => !isWeakPassword(value), { error: V.weakPassword });
