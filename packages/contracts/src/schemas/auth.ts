import { z } from "zod";
import { currentPasswordField, emailField } from "../validation.ts";
import { V } from "../validation-messages.ts";

/** SPEC §5 login: an e-mail and a password of at least 8 characters, as typed (never trimmed). */
export const loginBody = z.object({
  username: emailField(),
  password: currentPasswordField(),
  apiKey: z.string().max(200).optional(),
  /** The solved captcha, needed once the account has had too many failed logins (answer CAPTCHA_REQUIRED). */
  captcha: z.string().max(20_000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

const providerName = z.string().regex(/^[a-z0-9_]{1,40}$/, V.invalid);
/** The checks a social login keeps between its start and the callback (random, base64url). */
const check = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, V.invalid);

/** Start of a social login: the provider's name (the page's language picks the callback path). */
export const socialStartQuery = z.object({ provider: providerName });

/**
 * The provider's callback, handed on by the storefront: the callback's query string (or, from a
 * form_post provider, its posted form) as it came (code, state, iss or error) and the checks kept
 * since the start.
 */
export const socialLoginBody = z.object({
  provider: providerName,
  callback: z.string().max(4000),
  state: check,
  nonce: check,
  codeVerifier: check,
});
export type SocialLoginBody = z.infer<typeof socialLoginBody>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * The session's refresh token as a header (SPEC §7 refresh). Optional here: refresh answers a missing
 * one with 401 like an unknown one, and a password change without it keeps no session.
 */
export const refreshTokenHeaders = z.object({ refreshToken: z.string().optional() });
