import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as forms from "./forms.service.ts";

export const formsEndpoints = implement(api.forms, {
  filterForms: (ctx, { body }) => forms.filterForms(ctx, body),
  getForm: (ctx, { params }) => forms.getForm(ctx, params.id),
  storeData: (ctx, { body }) => forms.storeData(ctx, body),
  confirmEmail: (ctx, { params }) => forms.confirmEmail(ctx, params.token),
  contactAdmin: (ctx, { body }) => forms.contactAdmin(ctx, body),
  captchaChallenge: (ctx) => forms.captchaChallenge(ctx),
});
