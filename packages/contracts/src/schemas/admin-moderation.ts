import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { V } from "../validation-messages.ts";

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(25),
};

/** Waiting: not published yet (RequireAdminPublishing), what moderators look at first. */
export const MODERATION_STATES = ["waiting", "published", "all"] as const;

export const moderationFilterBody = z.object({ state: z.enum(MODERATION_STATES, { error: V.invalid }).default("waiting"), ...paging });
export type ModerationFilterBody = z.infer<typeof moderationFilterBody>;

export const submissionFilters = z.object({ formId: z.coerce.number().int().positive({ error: V.invalid }).optional() });
export const submissionFilterBody = submissionFilters.extend(paging);
export type SubmissionFilterBody = z.infer<typeof submissionFilterBody>;

export const SUBSCRIBER_STATES = ["confirmed", "unconfirmed", "all"] as const;
export const subscriberFilters = z.object({
  state: z.enum(SUBSCRIBER_STATES, { error: V.invalid }).default("confirmed"),
  q: z.string().trim().max(100, { error: V.invalid }).optional(),
});
export const subscriberFilterBody = subscriberFilters.extend(paging);
export type SubscriberFilterBody = z.infer<typeof subscriberFilterBody>;

export const moderationIdParams = z.object({
  id: z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }),
});
