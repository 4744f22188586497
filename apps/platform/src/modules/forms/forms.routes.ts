import { confirmEmailParams, contactAdminBody, formFilterBody, formRefParams, storeDataBody } from "@shop/contracts";
import { type AnyEndpoint, endpoint } from "../../http/endpoint.ts";
import * as forms from "./forms.service.ts";

export const formsEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/form/filter",
    summary: "Published form definitions in the request language (hr as fallback), optionally of one type",
    tag: "forms",
    access: "public",
    body: formFilterBody,
    handle: (ctx, { body }) => forms.filterForms(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/form/get/:id",
    summary: "One published form definition by id or slug",
    tag: "forms",
    access: "public",
    params: formRefParams,
    handle: (ctx, { params }) => forms.getForm(ctx, params.id),
  }),
  endpoint({
    method: "POST",
    path: "/v1/form/storeData",
    summary: "Submit a form: validated against its definition, stored, mailed to SendEmailTo; double opt-in forms mail a confirmation link",
    tag: "forms",
    access: "public",
    body: storeDataBody,
    handle: (ctx, { body }) => forms.storeData(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/form/confirmEmail/:token",
    summary: "Confirm an e-mail address with the single-use token of a confirmation link; answers the goal",
    tag: "forms",
    access: "public",
    params: confirmEmailParams,
    handle: (ctx, { params }) => forms.confirmEmail(ctx, params.token),
  }),
  endpoint({
    method: "POST",
    path: "/v1/contact/contactAdmin",
    summary: "Send a message to the shop (the contact form shortcut); mailed to SendEmailTo",
    tag: "forms",
    access: "public",
    body: contactAdminBody,
    handle: (ctx, { body }) => forms.contactAdmin(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/captcha/challenge",
    summary: "A fresh captcha challenge for the form widget (ALTCHA), or the reCAPTCHA site key when configured",
    tag: "forms",
    access: "public",
    handle: (ctx) => forms.captchaChallenge(ctx),
  }),
];
