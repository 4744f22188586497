import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { loginBody, logoutBody, refreshTokenHeaders, socialLoginBody, socialStartQuery } from "../schemas/auth.ts";
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

/**
 * The social login providers configured on this shop (a button each on the login page), each with
 * the origin the button's post is redirected to (the page's CSP form-action must allow it).
 */
export const socialProvidersAnswer = z.object({
  providers: z.array(z.object({ name: z.string(), label: z.string(), origin: z.string() })),
});
export type SocialProvidersAnswer = z.infer<typeof socialProvidersAnswer>;

/**
 * Where to send the browser, and the checks the storefront keeps (httpOnly cookie) for the callback;
 * `formPost`: the provider posts the callback from its own site (Apple), so the cookie must go along.
 */
export const socialStartAnswer = z.object({
  url: z.url(),
  formPost: z.boolean(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});
export type SocialStartAnswer = z.infer<typeof socialStartAnswer>;

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
    access: { staff: "any" },
    answer: userView,
  }),
  socialProviders: endpoint({
    method: "GET",
    path: "/v1/user/social/providers",
    summary: "The OpenID Connect providers of social login (none configured: an empty list)",
    tag: "auth",
    access: "public",
    answer: socialProvidersAnswer,
  }),
  socialRedirectLogin: endpoint({
    method: "GET",
    path: "/v1/user/social/redirect-login",
    summary: "Start a social login: the provider's authorization URL (code flow, PKCE, state, nonce) and the checks to keep",
    tag: "auth",
    access: "public",
    query: socialStartQuery,
    answer: socialStartAnswer,
  }),
  socialOauth: endpoint({
    method: "POST",
    path: "/v1/user/social/oauth",
    summary: "Finish a social login: exchange the callback's code, validate the ID token, sign in (linked by a verified e-mail only)",
    tag: "auth",
    access: "public",
    body: socialLoginBody,
    answer: loginAnswer,
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
