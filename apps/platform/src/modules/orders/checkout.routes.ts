import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import {
  cartCountries,
  cartDeliveryMethods,
  cartPaymentMethods,
  saveAddresses,
  saveDeliveryMethod,
  savePaymentMethod,
} from "../cart/index.ts";
import { createOrder, getOrder, openOrderLink, payAgain, walletApproved } from "./orders.service.ts";

export const checkoutEndpoints = implement(api.checkout, {
  getAvailableCountries: (ctx, { body }) => cartCountries(ctx, body),
  saveAddresses: (ctx, { body }) => saveAddresses(ctx, body),
  getApplicableDeliveryMethods: (ctx, { body }) => cartDeliveryMethods(ctx, body),
  saveDeliveryMethod: (ctx, { body }) => saveDeliveryMethod(ctx, body),
  getApplicablePaymentMethods: (ctx, { body }) => cartPaymentMethods(ctx, body),
  savePaymentMethod: (ctx, { body }) => savePaymentMethod(ctx, body),
  createOrder: (ctx, { body, headers }) => createOrder(ctx, body, headers["idempotency-key"]),
  getOrder: (ctx, { params, body }) => getOrder(ctx, params.code, body.token),
  payAgain: (ctx, { params, body }) => payAgain(ctx, params.code, body.token),
  openLink: (ctx, { params, body }) => openOrderLink(ctx, params.code, body.expires, body.token),
  pgSuccess: (ctx, { params, body }) => walletApproved(ctx, params.code, body.token),
});
