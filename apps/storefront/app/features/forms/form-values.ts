import { issuesToFieldErrors, V } from "@shop/contracts";
import type { z } from "zod";

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Field path (as named in the form, e.g. `details.firstName`) to its translated message. */
export type FieldErrors = Record<string, string>;

/** A text field of a form; anything else (a file, a missing field) reads as ''. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Reads the named fields into an object, dotted names nesting (`details.firstName`). */
export function readForm(form: FormData, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const parts = name.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next === "object" && next !== null) target = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        target[part] = created;
        target = created;
      }
    }
    target[parts[parts.length - 1] ?? name] = formText(form, name);
  }
  return out;
}

/** The first message per field, translated; issues on the whole form go under `form`. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const error of issuesToFieldErrors(issues, t)) {
    const path = error.path || "form";
    out[path] ??= error.message;
  }
  return out;
}

/** SPEC §5: the repeated password is required and equal to the password (the field `passwordName`: the new one when changing it). */
export function passwordConfirmation(form: FormData, t: Translate, passwordName = "password"): FieldErrors {
  const repeat = formText(form, "passwordConfirmation");
  if (!repeat) return { passwordConfirmation: t(V.required) };
  if (repeat !== formText(form, passwordName)) return { passwordConfirmation: t(V.repeatPassword) };
  return {};
}
