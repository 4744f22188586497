/** The closed error vocabulary of the platform API (SPEC §8). */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "NOT_FOUND",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "INVALID_API_KEY",
  "INVALID_LOGIN",
  /** Login: this account had too many failed tries; the next one needs a solved captcha (field `captcha`). */
  "CAPTCHA_REQUIRED",
  "USER_EXISTS",
  "INCORRECT_OLD_PASSWORD",
  "TOKEN_INVALID",
  "BARCODE_INVALID",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "CONFLICT",
  /** A payment provider did not answer or refused to open a payment; nothing was charged, try again. */
  "PROVIDER_UNAVAILABLE",
  /** Social login: the provider or the checks (state, nonce, code) refused the login; start again. */
  "SOCIAL_LOGIN_FAILED",
  /** Social login: the provider does not vouch for the e-mail (`email_verified` not true), so no account is linked or made. */
  "EMAIL_NOT_VERIFIED",
  /** A staff member whose role lacks the scope the endpoint needs (still staff: not a reason to log out). */
  "STAFF_SCOPE_MISSING",
  /** In-place editing: another editor holds the page's edit lock (or took it over); the message names them. */
  "LOCKED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Server messages the storefront maps to its own texts (SPEC §8 'Mapped server messages'). */
export const SERVER_MESSAGES = {
  incorrectOldPassword: "Incorrect old password.",
  userExists: "User already exist.",
  unknownUser: "Unknown username or password!",
  notAssignedToDepartment: "Student is not assigned to any department",
  couponNotFound: "Coupon not found!",
} as const;

export const SERVER_MESSAGE_KEYS: Record<string, string> = {
  [SERVER_MESSAGES.incorrectOldPassword]: "core.errors.incorrectOldPassword",
  [SERVER_MESSAGES.userExists]: "core.errors.userExists",
  [SERVER_MESSAGES.unknownUser]: "core.errors.unknownUserOrPassword",
  [SERVER_MESSAGES.notAssignedToDepartment]: "core.errors.notAssignedToDepartment",
};

export interface FieldError {
  /** Dotted path of the field, e.g. `details.firstName`. */
  path: string;
  /** i18n key of SPEC §5, e.g. `validation.required`. */
  key: string;
  params?: Record<string, string | number>;
  /** The key rendered in the request's language. */
  message: string;
}

export interface ErrorBody {
  errored: true;
  statusCode: number;
  requestId?: string;
  error: {
    code: ErrorCode;
    payload: { message: string; key?: string; params?: Record<string, string | number>; fields?: FieldError[] };
  };
}
