import type { Hono } from "hono";
import { z } from "zod";
import { AppError } from "./app-error.ts";
import type { HonoEnv, RequestCtx } from "./context.ts";
import { validationError } from "./errors.ts";

export type Access = "public" | "user" | "backoffice";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface EndpointInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  headers: Headers;
}

export interface Endpoint<B = unknown, Q = unknown, P = unknown> {
  method: Method;
  /** Under /api, e.g. `/v1/user/web/address/update/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Returns the answer's data (wrapped in the envelope) or a ready Response. */
  handle(ctx: RequestCtx, input: EndpointInput<B, Q, P>): Promise<unknown>;
}

/** Identity function that lets TypeScript infer the handler's input from the schemas. */
export function endpoint<B = undefined, Q = undefined, P = undefined>(def: Endpoint<B, Q, P>): Endpoint<B, Q, P> {
  return def;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds endpoints of every input type.
export type AnyEndpoint = Endpoint<any, any, any>;

function parse<T>(ctx: RequestCtx, schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(ctx.locale, result.error.issues, where);
  return result.data;
}

/** The largest body the API reads: its payloads are small JSON documents. */
export const MAX_BODY_BYTES = 256 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "error.payloadTooLarge");

/**
 * The body as text, never more than MAX_BODY_BYTES. Only endpoints with a body read it, so other
 * requests never touch the stream (the server then builds no full Request for them). A declared
 * length is checked before reading (the HTTP parser delivers no more than it); a chunked body is
 * counted as it arrives.
 */
async function readText(raw: Request): Promise<string> {
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    if (Number(declared) > MAX_BODY_BYTES) throw tooLarge();
    return raw.text();
  }
  if (!raw.body) return "";
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(raw: Request, ctx: RequestCtx): Promise<unknown> {
  const text = await readText(raw);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(ctx.locale, [{ code: "custom", message: "validation.invalid", path: [], input: undefined }], "body");
  }
}

export function registerEndpoints(app: Hono<HonoEnv>, endpoints: readonly AnyEndpoint[]): void {
  for (const def of endpoints) {
    app.on(def.method, def.path, async (c) => {
      const ctx = c.get("ctx");
      if (def.access !== "public" && !ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
      if (def.access === "backoffice" && !ctx.user?.isBackofficeUser) throw new AppError("FORBIDDEN", "error.forbidden");
      const url = new URL(c.req.url);
      const input = {
        params: parse(ctx, def.params, c.req.param(), "params"),
        query: parse(ctx, def.query, Object.fromEntries(url.searchParams), "query"),
        body: def.body ? parse(ctx, def.body, await readJson(c.req.raw, ctx), "body") : undefined,
        headers: c.req.raw.headers,
      };
      const result = await def.handle(ctx, input);
      // Through the context, so the headers set before the answer existed are merged into it.
      if (result instanceof Response) return c.newResponse(result.body, result);
      return c.json({ data: result ?? null, errored: false });
    });
  }
}

const errorSchema = {
  type: "object",
  required: ["errored", "statusCode", "error"],
  properties: {
    errored: { const: true },
    statusCode: { type: "integer" },
    requestId: { type: "string" },
    error: {
      type: "object",
      properties: {
        code: { type: "string" },
        payload: {
          type: "object",
          properties: {
            message: { type: "string" },
            key: { type: "string" },
            fields: {
              type: "array",
              items: { type: "object", properties: { path: { type: "string" }, key: { type: "string" }, message: { type: "string" } } },
            },
          },
        },
      },
    },
  },
} as const;

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

/** OpenAPI 3.1 from the same Zod schemas the endpoints validate with. */
export function openApiDocument(endpoints: readonly AnyEndpoint[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of endpoints) {
    const path = `/api${def.path.replace(/:(\w+)/g, "{$1}")}`;
    const parameters: unknown[] = [
      { name: "apiKey", in: "header", required: true, schema: { type: "string" } },
      { name: "language", in: "header", required: false, schema: { type: "string", enum: ["hr", "en", "de", "hrv", "eng", "ger"] } },
    ];
    if (def.access !== "public") parameters.push({ name: "accessToken", in: "header", required: true, schema: { type: "string" } });
    for (const [where, schema] of [
      ["path", def.params],
      ["query", def.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema: prop });
      }
    }
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      summary: def.summary,
      tags: [def.tag],
      parameters,
      ...(def.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(def.body) } } } } : {}),
      responses: {
        "200": {
          description: "Envelope: the answer is in data.",
          content: { "application/json": { schema: { type: "object", properties: { data: {}, errored: { const: false } } } } },
        },
        default: { description: "Error", content: { "application/json": { schema: errorSchema } } },
      },
    };
  }
  return { openapi: "3.1.0", info, paths };
}
