import { z } from "zod";
import { currentPasswordField, emailField } from "../validation.ts";

/** SPEC §5 login: an e-mail and a password of at least 8 characters, as typed (never trimmed). */
export const loginBody = z.object({
  username: emailField(),
  password: currentPasswordField(),
  apiKey: z.string().max(200).optional(),
  /** The solved captcha, needed once the account has had too many failed logins (answer CAPTCHA_REQUIRED). */
  captcha: z.string().max(20_000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * The session's refresh token as a header (SPEC §7 refresh). Optional here: refresh answers a missing
 * one with 401 like an unknown one, and a password change without it keeps no session.
 */
export const refreshTokenHeaders = z.object({ refreshToken: z.string().optional() });
