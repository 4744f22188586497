import { newsletterSubscribeBody } from "@shop/contracts";
import { type AnyEndpoint, endpoint } from "../../http/endpoint.ts";
import * as newsletter from "./newsletter.service.ts";

export const newsletterEndpoints: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/v1/newsletter/subscribe",
    summary: "Subscribe to the newsletter (double opt-in: a confirmation link goes by e-mail; confirmed through form/confirmEmail)",
    tag: "newsletter",
    access: "public",
    body: newsletterSubscribeBody,
    handle: (ctx, { body }) => newsletter.subscribe(ctx, body),
  }),
];
