import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as events from "./events.service.ts";

export const eventsEndpoints = implement(api.events, {
  filterEvents: (ctx, { body }) => events.filterEvents(ctx, body),
  getEvent: (ctx, { query }) => events.getPublishedEvent(ctx, query.id),
  createEvent: (ctx, { body }) => events.createEvent(ctx, body),
  updateEvent: (ctx, { params, body }) => events.updateEvent(ctx, params.id, body),
});
