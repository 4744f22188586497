import type { ErrorCode, FieldError } from "@shop/contracts";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INVALID_API_KEY: 401,
  INVALID_LOGIN: 401,
  USER_EXISTS: 409,
  INCORRECT_OLD_PASSWORD: 400,
  TOKEN_INVALID: 400,
  BARCODE_INVALID: 400,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  INTERNAL: 500,
};

/**
 * The one error type services throw. `message` is either a verbatim server message of SPEC §8
 * (the storefront maps those) or an i18n key that the error handler translates.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldError[];
  readonly retryAfterS?: number;

  constructor(code: ErrorCode, message: string, extra: { fields?: FieldError[]; status?: number; retryAfterS?: number } = {}) {
    super(message);
    this.code = code;
    this.status = extra.status ?? STATUS[code];
    this.fields = extra.fields;
    this.retryAfterS = extra.retryAfterS;
  }
}
