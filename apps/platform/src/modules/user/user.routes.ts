import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as users from "./user.service.ts";

export const userEndpoints = implement(api.user, {
  register: (ctx, { body }) => users.register(ctx, body),
  verifyEmail: (ctx, { params }) => users.verifyEmail(ctx, params.token),
  confirmEmailChange: (ctx, { params, headers }) => users.confirmEmailChange(ctx, params.token, headers.refreshToken),
  update: (ctx, { body }) => users.updateProfile(ctx, body),
  createAddress: (ctx, { body }) => users.createAddress(ctx, body.address),
  updateAddress: (ctx, { params, body }) => users.updateAddress(ctx, params.id, body.address),
  deleteAddress: (ctx, { params }) => users.deleteAddress(ctx, params.id),
  setDefaultAddress: (ctx, { params, body }) => users.setDefaultAddress(ctx, params.id, body.kind),
  changePassword: (ctx, { body, headers }) => users.changePassword(ctx, body, headers.refreshToken),
  forgotPassword: (ctx, { body }) => users.forgotPassword(ctx, body.email),
  setPassword: (ctx, { body }) => users.setPassword(ctx, body),
  validateMembersBarcode: (ctx, { body }) => users.validateMembersBarcode(ctx, body.barcode),
  exportData: (ctx) => users.exportAccount(ctx),
  deleteAccount: (ctx, { body }) => users.deleteAccount(ctx, body),
  generalSetting: (ctx, { query }) => users.generalSetting(ctx, query),
});
