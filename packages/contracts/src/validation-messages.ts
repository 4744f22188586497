import type { z } from "zod";
import type { FieldError } from "./errors.ts";

/** SPEC §5 message keys; the texts live in @shop/i18n. */
export const V = {
  required: "validation.required",
  email: "validation.email",
  minLength: "validation.minLength",
  maxLength: "validation.maxLength",
  sameAs: "validation.sameAs",
  differentPassword: "validation.differentPassword",
  weakPassword: "validation.weakPassword",
  repeatPassword: "validation.repeatPassword",
  lettersOnly: "validation.lettersOnly",
  oib: "validation.oib",
  kpd: "validation.kpd",
  invalid: "validation.invalid",
} as const;

/** Turns Zod issues into the field errors of the API and the forms (key plus its parameters). */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  translate: (key: string, params?: Record<string, string | number>) => string,
): FieldError[] {
  return issues.map((issue) => {
    const key = issue.message.startsWith("validation.") ? issue.message : V.invalid;
    const params: Record<string, string | number> = {};
    if (issue.code === "too_small" && key === V.minLength) params.length = Number(issue.minimum);
    if (issue.code === "too_big") params.length = Number(issue.maximum);
    const path = issue.path.map(String).join(".");
    return { path, key, params, message: translate(key, params) };
  });
}
