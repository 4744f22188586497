import type { AnyEndpoint } from "../../http/endpoint.ts";

export const reviewsEndpoints: AnyEndpoint[] = [];
