import { eventCreateBody, eventFilterBody, eventGetQuery, eventIdParams, eventUpdateBody } from "@shop/contracts";
import { endpoint } from "../../http/endpoint.ts";
import * as events from "./events.service.ts";

export const eventsEndpoints = [
  endpoint({
    method: "POST",
    path: "/v1/event/public/filter",
    summary: "Published events: upcoming first (soonest first), then past ones; optional date range; paged",
    tag: "events",
    access: "public",
    body: eventFilterBody,
    handle: (ctx, { body }) => events.filterEvents(ctx, body),
  }),
  endpoint({
    method: "GET",
    path: "/v1/event/public/get",
    summary: "One published event by id, in the request language (hr fallback)",
    tag: "events",
    access: "public",
    query: eventGetQuery,
    handle: (ctx, { query }) => events.getPublishedEvent(ctx, query.id),
  }),
  endpoint({
    method: "POST",
    path: "/v1/event/create",
    summary: "Create an event with its translations (hr required); description HTML is sanitised",
    tag: "events",
    access: "backoffice",
    body: eventCreateBody,
    handle: (ctx, { body }) => events.createEvent(ctx, body),
  }),
  endpoint({
    method: "PATCH",
    path: "/v1/event/update/:id",
    summary: "Change an event's status, times, image or translations",
    tag: "events",
    access: "backoffice",
    params: eventIdParams,
    body: eventUpdateBody,
    handle: (ctx, { params, body }) => events.updateEvent(ctx, params.id, body),
  }),
];
