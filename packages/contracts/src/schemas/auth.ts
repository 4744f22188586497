import { z } from "zod";
import { emailField, requiredText } from "../validation.ts";

export const loginBody = z.object({
  username: emailField(),
  password: requiredText().max(200),
  apiKey: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * The session's refresh token as a header (SPEC §7 refresh). Optional here: refresh answers a missing
 * one with 401 like an unknown one, and a password change without it keeps no session.
 */
export const refreshTokenHeaders = z.object({ refreshToken: z.string().optional() });
