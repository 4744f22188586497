import type { ErrorBody, FieldError, Locale } from "@shop/contracts";
import { issuesToFieldErrors } from "@shop/contracts";
import { hasMessage, t, translator } from "@shop/i18n";
import type { z } from "zod";
import { type AppError, fieldsError, type MessageParams } from "./app-error.ts";

const VALIDATION = "error.validation";

/** A request that failed its schema: the issues as refused fields, under the part they came from. */
export function validationError(locale: Locale, issues: readonly z.core.$ZodIssue[], where: string): AppError {
  return fieldsError(
    issuesToFieldErrors(issues, translator(locale)).map((f) => ({
      ...f,
      path: f.path === "" ? where : f.path,
    })),
  );
}

const render = (locale: Locale, key: string, params?: MessageParams) => (hasMessage(key) ? t(locale, key, params) : key);

/**
 * The error envelope in the request's language: i18n keys are translated with their params (the
 * general validation message names the refused fields), fields get their texts, and verbatim
 * server messages (SPEC §8) pass through unchanged.
 */
export function errorBody(err: AppError, locale: Locale, requestId: string): ErrorBody {
  const isKey = hasMessage(err.message);
  const fields: FieldError[] | undefined = err.fields?.map((f) => ({
    path: f.path,
    key: f.key,
    ...(f.params ? { params: f.params } : {}),
    message: f.message ?? render(locale, f.key, f.params),
  }));
  let message = isKey ? t(locale, err.message, err.params) : err.message;
  if (err.message === VALIDATION && fields?.length) message = `${message} (${[...new Set(fields.map((f) => f.path))].join(", ")})`;
  return {
    errored: true,
    statusCode: err.status,
    requestId,
    error: {
      code: err.code,
      payload: {
        message,
        ...(isKey ? { key: err.message } : {}),
        ...(isKey && err.params ? { params: err.params } : {}),
        ...(fields ? { fields } : {}),
      },
    },
  };
}
