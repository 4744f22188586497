import { loginBody } from "@shop/contracts";
import { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { endpoint } from "../../http/endpoint.ts";
import { loadUserView } from "../user/user.repository.ts";
import * as auth from "./auth.service.ts";

const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

async function currentUser(ctx: RequestCtx) {
  const view = ctx.user ? await loadUserView(ctx.db, ctx.user.id) : undefined;
  if (!view) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return view;
}

export const authEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/login",
    summary: "Log in with username (e-mail) and password; returns tokens and the user",
    tag: "auth",
    access: "public",
    body: loginBody,
    handle: (ctx, { body }) => auth.login(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/refresh",
    summary: "Rotate the refresh token (header refreshToken)",
    tag: "auth",
    access: "public",
    handle: (ctx, { headers }) => auth.refresh(ctx, headers.get("refreshtoken") ?? ""),
  }),
  endpoint({
    method: "POST",
    path: "/v1/logout",
    summary: "Revoke the refresh token's family",
    tag: "auth",
    access: "public",
    body: logoutBody,
    async handle(ctx, { body }) {
      await auth.logout(ctx, body.refreshToken);
      return { loggedOut: true };
    },
  }),
  endpoint({
    method: "GET",
    path: "/v1/user/web/profile",
    summary: "The logged-in customer",
    tag: "user",
    access: "user",
    handle: (ctx) => currentUser(ctx),
  }),
  endpoint({
    method: "GET",
    path: "/v1/user/profile",
    summary: "The logged-in backoffice user",
    tag: "user",
    access: "backoffice",
    handle: (ctx) => currentUser(ctx),
  }),
  endpoint({
    method: "POST",
    path: "/auth/login",
    summary: "Legacy login",
    tag: "auth",
    access: "public",
    body: loginBody,
    handle: (ctx, { body }) => auth.login(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/auth/logout",
    summary: "Legacy logout",
    tag: "auth",
    access: "public",
    body: logoutBody,
    async handle(ctx, { body }) {
      await auth.logout(ctx, body.refreshToken);
      return { loggedOut: true };
    },
  }),
  endpoint({
    method: "GET",
    path: "/auth/user",
    summary: "Legacy current user",
    tag: "auth",
    access: "user",
    handle: (ctx) => currentUser(ctx),
  }),
];
