import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { newsletterSubscribeBody } from "../schemas/forms.ts";

/** Answer of the newsletter subscription (SPEC §7 Newsletter, §4 double opt-in). */

export const subscribeView = z.object({ subscribed: z.literal(true), confirmationSent: z.literal(true) });
export type SubscribeView = z.infer<typeof subscribeView>;

export const newsletterApi = {
  subscribe: endpoint({
    method: "POST",
    path: "/v1/newsletter/subscribe",
    summary: "Subscribe to the newsletter (double opt-in: a confirmation link goes by e-mail; confirmed through form/confirmEmail)",
    tag: "newsletter",
    access: "public",
    body: newsletterSubscribeBody,
    answer: subscribeView,
  }),
} as const;
