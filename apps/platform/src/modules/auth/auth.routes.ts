import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as auth from "./auth.service.ts";

export const authEndpoints = implement(api.auth, {
  login: (ctx, { body }) => auth.login(ctx, body),
  refresh: (ctx, { headers }) => auth.refresh(ctx, headers.refreshToken),
  logout: (ctx, { body }) => auth.logout(ctx, body.refreshToken),
  profile: (ctx) => auth.currentUser(ctx),
  backofficeProfile: (ctx) => auth.currentUser(ctx),
  legacyLogin: (ctx, { body }) => auth.login(ctx, body),
  legacyLogout: (ctx, { body }) => auth.logout(ctx, body.refreshToken),
  legacyUser: (ctx) => auth.currentUser(ctx),
});
