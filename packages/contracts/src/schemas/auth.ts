import { z } from "zod";
import { emailField, requiredText } from "../validation.ts";

export const loginBody = z.object({
  username: emailField(),
  password: requiredText().max(200),
  apiKey: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;
