import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { EVENT_STATUSES, eventCreateBody, eventFilterBody, eventGetQuery, eventIdParams, eventUpdateBody } from "../schemas/events.ts";

/** Answers of the events endpoints (SPEC §7 Events). */

export const eventImage = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type EventImage = z.infer<typeof eventImage>;

/** An event in one language (the requested one, or the fallback language when it has no translation). */
export const eventView = z.object({
  id: z.number().int(),
  status: z.enum(EVENT_STATUSES),
  title: z.string(),
  slug: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.object({ name: z.string(), address: z.string() }),
  image: eventImage.nullable(),
  /** The language this view is in. */
  language: z.string(),
  /** Slug per language that has a translation. */
  translations: z.record(z.string(), z.string()),
});
export type EventView = z.infer<typeof eventView>;

export const eventPage = z.object({ records: z.array(eventView), pagination: paginationSchema });
export type EventPage = z.infer<typeof eventPage>;

const tag = "events";

export const eventsApi = {
  filterEvents: endpoint({
    method: "POST",
    path: "/v1/event/public/filter",
    summary: "Published events: upcoming first (soonest first), then past ones; optional date range; paged",
    tag,
    access: "public",
    body: eventFilterBody,
    answer: eventPage,
  }),
  getEvent: endpoint({
    method: "GET",
    path: "/v1/event/public/get",
    summary: "One published event by id, in the request language (hr fallback)",
    tag,
    access: "public",
    query: eventGetQuery,
    answer: eventView,
  }),
  createEvent: endpoint({
    method: "POST",
    path: "/v1/event/create",
    summary: "Create an event with its translations (hr required); description HTML is sanitised",
    tag,
    access: { staff: "content" },
    body: eventCreateBody,
    answer: eventView,
  }),
  updateEvent: endpoint({
    method: "PATCH",
    path: "/v1/event/update/:id",
    summary: "Change an event's status, times, image or translations",
    tag,
    access: { staff: "content" },
    params: eventIdParams,
    body: eventUpdateBody,
    answer: eventView,
  }),
} as const;
