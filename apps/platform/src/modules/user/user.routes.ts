import {
  addressBody,
  barcodeBody,
  generalUserQuery,
  passwordForgotBody,
  passwordResetBody,
  passwordSetBody,
  registerBody,
  updateBody,
} from "@shop/contracts";
import { z } from "zod";
import { endpoint } from "../../http/endpoint.ts";
import * as users from "./user.service.ts";

const tokenParams = z.object({ token: z.string().min(1).max(200) });
// Bounded to a 32-bit integer: PostgreSQL refuses larger ids with an error instead of "not found".
const addressIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const userEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/user/web/register",
    summary: "Register a customer; answers the user; the verification link goes by e-mail only",
    tag: "user",
    access: "public",
    body: registerBody,
    handle: (ctx, { body }) => users.register(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/user/web/verify/:token",
    summary: "Confirm the e-mail address with the single-use token from the verification link",
    tag: "user",
    access: "public",
    params: tokenParams,
    handle: (ctx, { params }) => users.verifyEmail(ctx, params.token),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/user/web/update",
    summary: "Update the logged-in customer's details, e-mail, username or membership card barcode",
    tag: "user",
    access: "user",
    body: updateBody,
    handle: (ctx, { body }) => users.updateProfile(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/user/web/address/create",
    summary: "Add an address to the logged-in customer; answers the user",
    tag: "user",
    access: "user",
    body: addressBody,
    handle: (ctx, { body }) => users.createAddress(ctx, body.address),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/user/web/address/update/:id",
    summary: "Replace one of the logged-in customer's addresses; answers the user",
    tag: "user",
    access: "user",
    params: addressIdParams,
    body: addressBody,
    handle: (ctx, { params, body }) => users.updateAddress(ctx, params.id, body.address),
  }),
  endpoint({
    method: "POST",
    path: "/v1/user/password/reset",
    summary: "Change the password (old and new); other sessions are logged out, the one in the refreshToken header is kept",
    tag: "user",
    access: "user",
    body: passwordResetBody,
    handle: (ctx, { body, headers }) => users.changePassword(ctx, body, headers.get("refreshtoken")),
  }),
  endpoint({
    method: "POST",
    path: "/v1/user/password/forgot",
    summary: "E-mail a password reset link; the same answer whether or not the address is known",
    tag: "user",
    access: "public",
    body: passwordForgotBody,
    handle: (ctx, { body }) => users.forgotPassword(ctx, body.email),
  }),
  endpoint({
    method: "POST",
    path: "/v1/user/password/set",
    summary: "Set a new password with the single-use token from the reset link",
    tag: "user",
    access: "public",
    body: passwordSetBody,
    handle: (ctx, { body }) => users.setPassword(ctx, body),
  }),
  endpoint({
    method: "POST",
    path: "/v1/user/web/validateMembersBarcode",
    summary: "Check a membership card barcode (13 digits, EAN-13 check digit)",
    tag: "user",
    access: "public",
    body: barcodeBody,
    handle: async (_ctx, { body }) => ({ isValid: users.isValidMemberBarcode(body.barcode) }),
  }),
  endpoint({
    method: "GET",
    path: "/v1/general/user",
    summary: "A setting of the logged-in user (key language: the user's language)",
    tag: "user",
    access: "user",
    query: generalUserQuery,
    handle: (ctx, { query }) => users.generalSetting(ctx, query),
  }),
];
