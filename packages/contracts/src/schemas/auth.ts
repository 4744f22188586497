import { z } from "zod";
import { emailField, requiredText } from "../validation.ts";

export const loginBody = z.object({
  username: emailField(),
  password: requiredText().max(200),
  apiKey: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

/** The session's refresh token, sent as a header (SPEC §7 refresh); missing or unknown ones are refused by the call, not here. */
export const refreshTokenHeaders = z.object({ refreshToken: z.string().optional() });
