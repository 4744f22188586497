import type { ErrorBody, Locale } from "@shop/contracts";
import { issuesToFieldErrors } from "@shop/contracts";
import { hasMessage, t, translator } from "@shop/i18n";
import type { z } from "zod";
import { AppError } from "./app-error.ts";

export function validationError(locale: Locale, issues: readonly z.core.$ZodIssue[], where: string): AppError {
  const fields = issuesToFieldErrors(issues, translator(locale)).map((f) => ({
    ...f,
    path: f.path === "" ? where : f.path,
  }));
  const names = [...new Set(fields.map((f) => f.path))].join(", ");
  return new AppError("VALIDATION_ERROR", `${t(locale, "error.validation")} (${names})`, { fields });
}

/** Translates known i18n keys; verbatim server messages (SPEC §8) pass through unchanged. */
export function errorBody(err: AppError, locale: Locale, requestId: string): ErrorBody {
  const isKey = hasMessage(err.message);
  return {
    errored: true,
    statusCode: err.status,
    requestId,
    error: {
      code: err.code,
      payload: {
        message: isKey ? t(locale, err.message) : err.message,
        ...(isKey ? { key: err.message } : {}),
        ...(err.fields ? { fields: err.fields } : {}),
      },
    },
  };
}
