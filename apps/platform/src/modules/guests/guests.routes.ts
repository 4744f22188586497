import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as guests from "./guests.service.ts";

export const guestsEndpoints = implement(api.guests, {
  rememberGuest: (ctx, { body }) => guests.rememberGuest(ctx, body),
  guestDetails: (ctx, { body }) => guests.guestDetails(ctx, body.guestToken),
  forgetGuest: (ctx, { body }) => guests.forgetGuest(ctx, body.guestToken),
});
