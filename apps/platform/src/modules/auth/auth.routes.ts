import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as auth from "./auth.service.ts";
import * as social from "./social.service.ts";

export const authEndpoints = implement(api.auth, {
  login: (ctx, { body }) => auth.login(ctx, body),
  refresh: (ctx, { headers }) => auth.refresh(ctx, headers.refreshToken),
  logout: (ctx, { body }) => auth.logout(ctx, body.refreshToken),
  profile: (ctx) => auth.currentUser(ctx),
  backofficeProfile: (ctx) => auth.currentUser(ctx),
  socialProviders: (ctx) => social.socialProviders(ctx),
  socialRedirectLogin: (ctx, { query }) => social.startSocialLogin(ctx, query.provider),
  socialOauth: (ctx, { body }) => social.socialLogin(ctx, body),
  legacyLogin: (ctx, { body }) => auth.login(ctx, body),
  legacyLogout: (ctx, { body }) => auth.logout(ctx, body.refreshToken),
  legacyUser: (ctx) => auth.currentUser(ctx),
});
