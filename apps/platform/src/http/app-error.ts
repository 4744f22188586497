import type { ErrorCode, FieldError } from "@shop/contracts";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INVALID_API_KEY: 401,
  INVALID_LOGIN: 401,
  CAPTCHA_REQUIRED: 401,
  USER_EXISTS: 409,
  INCORRECT_OLD_PASSWORD: 400,
  TOKEN_INVALID: 400,
  BARCODE_INVALID: 400,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  PROVIDER_UNAVAILABLE: 503,
  SOCIAL_LOGIN_FAILED: 400,
  EMAIL_NOT_VERIFIED: 403,
  STAFF_SCOPE_MISSING: 403,
  LOCKED: 423,
  INTERNAL: 500,
};

export type MessageParams = Record<string, string | number>;

/**
 * A refused field. The error handler renders `key` with `params` in the request's language; a ready
 * `message` (e.g. naming a custom option by its title) is kept as it is.
 */
export interface FieldRefusal {
  path: string;
  key: string;
  params?: MessageParams;
  message?: string;
}

export interface AppErrorExtra {
  /** Values for the message's placeholders, rendered by the error handler. */
  params?: MessageParams;
  fields?: readonly FieldRefusal[];
  status?: number;
  retryAfterS?: number;
}

/**
 * The one error type services throw. `message` is either an i18n key, which the error handler
 * translates with `params`, or a verbatim server message of SPEC §8 (the storefront maps those).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params?: MessageParams;
  readonly fields?: readonly FieldRefusal[];
  readonly retryAfterS?: number;

  constructor(code: ErrorCode, message: string, extra: AppErrorExtra = {}) {
    super(message);
    this.code = code;
    this.status = extra.status ?? STATUS[code];
    this.params = extra.params;
    this.fields = extra.fields;
    this.retryAfterS = extra.retryAfterS;
  }
}

/** The one field-error builder: a 400 naming the refused fields ('error.validation' unless a key of its own). */
export function fieldsError(fields: readonly FieldRefusal[], key = "error.validation", params?: MessageParams): AppError {
  return new AppError("VALIDATION_ERROR", key, { fields, params });
}

/** One refused field whose key is also the answer's message ('only N left in stock'). */
export function fieldError(path: string, key: string, params?: MessageParams): AppError {
  return fieldsError([{ path, key, params }], key, params);
}

export type { FieldError };
