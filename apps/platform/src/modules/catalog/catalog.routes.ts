import type { AnyEndpoint } from "../../http/endpoint.ts";

export const catalogEndpoints: AnyEndpoint[] = [];
