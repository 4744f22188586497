import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { refreshTokenHeaders } from "../schemas/auth.ts";
import {
  accountDeleteBody,
  addressBody,
  addressDefaultBody,
  addressIdParams,
  barcodeBody,
  generalUserQuery,
  passwordForgotBody,
  passwordResetBody,
  passwordSetBody,
  registerBody,
  updateBody,
  verifyTokenParams,
} from "../schemas/user.ts";
import { STAFF_ROLES, STAFF_SCOPES } from "../staff.ts";
import { addressSchema } from "../validation.ts";

/** Answers of the user endpoints (SPEC §3 User, Address; §7 User). */

export const addressView = z.object({
  id: z.number().int(),
  type: addressSchema.shape.type.unwrap(),
  firstName: z.string(),
  lastName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  country: z.string(),
  region: z.string().optional(),
  city: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  zipCode: z.string(),
  companyName: z.string().optional(),
  companyOIB: z.string().optional(),
});
export type AddressView = z.infer<typeof addressView>;

export const userView = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  details: z.object({ firstName: z.string(), lastName: z.string() }),
  company: z.object({ name: z.string() }).nullable(),
  memberCardBarcode: z.string().nullable(),
  addresses: z.array(addressView),
  /** Ids from `addresses`, or null. */
  defaultDeliveryAddressId: z.number().int().nullable(),
  defaultBillingAddressId: z.number().int().nullable(),
  isBackofficeUser: z.boolean(),
  /** A staff account's role and scopes (null for customers): the storefront shows the admin sections they open. */
  staff: z.object({ role: z.enum(STAFF_ROLES), scopes: z.array(z.enum(STAFF_SCOPES)) }).nullable(),
  emailVerified: z.boolean(),
  language: z.string(),
});
export type UserView = z.infer<typeof userView>;

/**
 * The same for a new address and one that has an account (which gets a mail instead), so the answer
 * tells nobody which addresses have accounts: no user in it.
 */
export const registerAnswer = z.object({
  /** Whether a confirmation link went out (the visitor confirms before logging in); the token itself never travels here. */
  verificationSent: z.boolean(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

export const generalSettingAnswer = z.object({ group: z.string(), key: z.string(), value: z.string() });
export type GeneralSettingAnswer = z.infer<typeof generalSettingAnswer>;

/**
 * Everything the shop holds about the logged-in customer (GDPR Art. 15 and 20), in one document:
 * the account, saved addresses, orders with their lines, the consent log, the newsletter
 * subscription, the wishlist, reviews, comments and linked social logins. Money in cents.
 */
export const accountExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    memberCardBarcode: z.string().nullable(),
    language: z.string(),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  addresses: z.array(addressView),
  orders: z.array(
    z.object({
      number: z.string(),
      code: z.string(),
      createdAt: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      email: z.string(),
      currency: z.string(),
      totalCents: z.number().int(),
      taxCents: z.number().int(),
      delivery: z.string().nullable(),
      payment: z.string(),
      /** The addresses and company as given at checkout. */
      customer: z.unknown(),
      note: z.string(),
      lines: z.array(z.object({ name: z.string(), sku: z.string(), qty: z.number(), unitCents: z.number().int(), vatRate: z.number() })),
    }),
  ),
  consents: z.array(
    z.object({
      consent: z.string(),
      version: z.number().int(),
      status: z.string(),
      at: z.string(),
      source: z.string(),
    }),
  ),
  newsletter: z.object({ email: z.string(), language: z.string(), confirmedAt: z.string().nullable(), createdAt: z.string() }).nullable(),
  wishlist: z.array(z.object({ productId: z.number().int(), addedAt: z.string() })),
  reviews: z.array(
    z.object({
      productId: z.number().int(),
      rating: z.number().nullable(),
      content: z.string(),
      published: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  comments: z.array(z.object({ postId: z.number().int(), content: z.string(), published: z.boolean(), createdAt: z.string() })),
  socialLogins: z.array(z.object({ provider: z.string(), linkedAt: z.string(), lastLoginAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExport>;

const tag = "user";

/** Customer accounts of SPEC §7 User: registration, profile, addresses, passwords, membership card. */
export const userApi = {
  register: endpoint({
    method: "POST",
    path: "/v1/user/web/register",
    summary: "Register a customer; answers the user; the verification link goes by e-mail only",
    tag,
    access: "public",
    body: registerBody,
    answer: registerAnswer,
  }),
  verifyEmail: endpoint({
    method: "GET",
    path: "/v1/user/web/verify/:token",
    summary: "Confirm the e-mail address with the single-use token from the verification link",
    tag,
    access: "public",
    params: verifyTokenParams,
    answer: z.object({ verified: z.literal(true) }),
  }),
  confirmEmailChange: endpoint({
    method: "GET",
    path: "/v1/user/web/confirmEmail/:token",
    summary:
      "Confirm an e-mail change with the single-use token mailed to the new address; other sessions end (the one in the refreshToken header is kept)",
    tag,
    access: "public",
    params: verifyTokenParams,
    headers: refreshTokenHeaders,
    answer: z.object({ changed: z.literal(true) }),
  }),
  update: endpoint({
    method: "PATCH",
    path: "/v1/user/web/update",
    summary:
      "Update the logged-in customer's details, username or membership card (one issued to them); a new e-mail needs the password and takes effect once confirmed from that address",
    tag,
    access: "user",
    body: updateBody,
    answer: userView,
  }),
  createAddress: endpoint({
    method: "POST",
    path: "/v1/user/web/address/create",
    summary: "Add an address to the logged-in customer; answers the user",
    tag,
    access: "user",
    body: addressBody,
    answer: userView,
  }),
  updateAddress: endpoint({
    method: "PATCH",
    path: "/v1/user/web/address/update/:id",
    summary: "Replace one of the logged-in customer's addresses; answers the user",
    tag,
    access: "user",
    params: addressIdParams,
    body: addressBody,
    answer: userView,
  }),
  deleteAddress: endpoint({
    method: "DELETE",
    path: "/v1/user/web/address/delete/:id",
    summary: "Delete one of the logged-in customer's addresses (a default it was stops being one); answers the user",
    tag,
    access: "user",
    params: addressIdParams,
    answer: userView,
  }),
  setDefaultAddress: endpoint({
    method: "PATCH",
    path: "/v1/user/web/address/default/:id",
    summary: "Make one of the logged-in customer's addresses the default delivery or billing address; answers the user",
    tag,
    access: "user",
    params: addressIdParams,
    body: addressDefaultBody,
    answer: userView,
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/v1/user/password/reset",
    summary: "Change the password (old and new); other sessions are logged out, the one in the refreshToken header is kept",
    tag,
    access: "user",
    body: passwordResetBody,
    headers: refreshTokenHeaders,
    answer: z.object({ changed: z.literal(true) }),
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/v1/user/password/forgot",
    summary: "E-mail a password reset link; the same answer whether or not the address is known",
    tag,
    access: "public",
    body: passwordForgotBody,
    answer: z.object({ sent: z.literal(true) }),
  }),
  setPassword: endpoint({
    method: "POST",
    path: "/v1/user/password/set",
    summary: "Set a new password with the single-use token from the reset link",
    tag,
    access: "public",
    body: passwordSetBody,
    answer: z.object({ changed: z.literal(true) }),
  }),
  validateMembersBarcode: endpoint({
    method: "POST",
    path: "/v1/user/web/validateMembersBarcode",
    summary: "Whether a barcode is a membership card issued to the logged-in user (false for anyone else's; rate-limited)",
    tag,
    access: "public",
    body: barcodeBody,
    answer: z.object({ isValid: z.boolean() }),
  }),
  exportData: endpoint({
    method: "GET",
    path: "/v1/user/web/export",
    summary: "Everything the shop holds about the logged-in customer, as one JSON document (GDPR Art. 15 and 20)",
    tag,
    access: "user",
    answer: accountExport,
  }),
  deleteAccount: endpoint({
    method: "POST",
    path: "/v1/user/web/delete",
    summary:
      "Delete the logged-in customer's account with the current password (rate-limited; staff accounts are refused): orders stay with personal fields anonymised (accounting law), everything else goes, sessions end; one transaction",
    tag,
    access: "user",
    body: accountDeleteBody,
    answer: z.object({ deleted: z.literal(true) }),
  }),
  generalSetting: endpoint({
    method: "GET",
    path: "/v1/general/user",
    summary: "A setting of the logged-in user (key language: the user's language)",
    tag,
    access: "user",
    query: generalUserQuery,
    answer: generalSettingAnswer,
  }),
} as const;
