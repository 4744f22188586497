import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { loginBody, logoutBody, refreshTokenHeaders } from "../schemas/auth.ts";
import { userView } from "./user.ts";

/** Answers of the authentication endpoints (SPEC §7 Authentication). */

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the access token stays valid. */
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const loginAnswer = z.object({ tokens: tokensSchema, user: userView });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const refreshAnswer = z.object({ tokens: tokensSchema });
export type RefreshAnswer = z.infer<typeof refreshAnswer>;

const logoutAnswer = z.object({ loggedOut: z.literal(true) });

/** Login, token rotation, logout and the logged-in user, plus the legacy /auth paths. */
export const authApi = {
  login: endpoint({
    method: "POST",
    path: "/v1/login",
    summary: "Log in with username (e-mail) and password; returns tokens and the user",
    tag: "auth",
    access: "public",
    body: loginBody,
    answer: loginAnswer,
  }),
  refresh: endpoint({
    method: "GET",
    path: "/v1/refresh",
    summary: "Rotate the refresh token (header refreshToken)",
    tag: "auth",
    access: "public",
    headers: refreshTokenHeaders,
    answer: refreshAnswer,
  }),
  logout: endpoint({
    method: "POST",
    path: "/v1/logout",
    summary: "Revoke the refresh token's family",
    tag: "auth",
    access: "public",
    body: logoutBody,
    answer: logoutAnswer,
  }),
  profile: endpoint({
    method: "GET",
    path: "/v1/user/web/profile",
    summary: "The logged-in customer",
    tag: "user",
    access: "user",
    answer: userView,
  }),
  backofficeProfile: endpoint({
    method: "GET",
    path: "/v1/user/profile",
    summary: "The logged-in backoffice user",
    tag: "user",
    access: "backoffice",
    answer: userView,
  }),
  legacyLogin: endpoint({
    method: "POST",
    path: "/auth/login",
    summary: "Legacy login",
    tag: "auth",
    access: "public",
    body: loginBody,
    answer: loginAnswer,
  }),
  legacyLogout: endpoint({
    method: "POST",
    path: "/auth/logout",
    summary: "Legacy logout",
    tag: "auth",
    access: "public",
    body: logoutBody,
    answer: logoutAnswer,
  }),
  legacyUser: endpoint({
    method: "GET",
    path: "/auth/user",
    summary: "Legacy current user",
    tag: "auth",
    access: "user",
    answer: userView,
  }),
} as const;
