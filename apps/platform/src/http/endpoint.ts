import { type Access, type AnswerOf, type EndpointDef, type EndpointGroup, type HandlerInput, staffMay } from "@shop/contracts";
import type { Hono } from "hono";
import { z } from "zod";
import { AppError } from "./app-error.ts";
import { readBoundedBody } from "./body.ts";
import type { HonoEnv, RequestCtx } from "./context.ts";
import { validationError } from "./errors.ts";
import { readUpload } from "./multipart.ts";

/** The handler of one contract entry: its parsed input in, exactly its answer out. */
export type Handler<E extends EndpointDef> = (ctx: RequestCtx, input: HandlerInput<E>) => Promise<AnswerOf<E>>;

/** An entry of the endpoint table with its handler, as the app registers it. */
export interface Route extends EndpointDef {
  handle(ctx: RequestCtx, input: { body: unknown; query: unknown; params: unknown; headers: unknown; files: unknown }): Promise<unknown>;
}

/**
 * A module's handlers for a group of the endpoint table (`api.cart`): every entry must have one,
 * and each must answer its declared shape, or the type check fails.
 */
export function implement<G extends EndpointGroup>(group: G, handlers: NoInfer<{ [K in keyof G]: Handler<G[K]> }>): Route[] {
  return Object.entries(group as EndpointGroup).map(([name, def]) => ({
    ...def,
    handle: handlers[name] as unknown as Route["handle"],
  }));
}

function parse<T>(ctx: RequestCtx, schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(ctx.locale, result.error.issues, where);
  return result.data;
}

/** The largest body the API reads: its payloads are small JSON documents. */
export const MAX_BODY_BYTES = 256 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "error.payloadTooLarge");

async function readText(raw: Request, limit: number): Promise<string> {
  const body = await readBoundedBody(raw, limit);
  if (body === null) throw tooLarge();
  return Buffer.from(body).toString("utf8");
}

async function readJson(raw: Request, ctx: RequestCtx, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(raw, limit);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(ctx.locale, [{ code: "custom", message: "validation.invalid", path: [], input: undefined }], "body");
  }
}

/** Header values by the names the schema gives (HTTP header names ignore case). */
function headerValues(schema: z.ZodType, headers: Headers): Record<string, string | undefined> {
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return Object.fromEntries(names.map((name) => [name, headers.get(name) ?? undefined]));
}

/** Tests run with this on: an answer that strays from its contract fails loudly instead of reaching a caller. */
function checkAnswer(def: Route, result: unknown): void {
  const checked = def.answer.safeParse(result ?? null);
  if (!checked.success) {
    const where = checked.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    throw new Error(`Answer of ${def.method} ${def.path} does not match its contract: ${where}`);
  }
}

/**
 * The one place access is decided: no user is 401; a customer at a staff entry is 403 FORBIDDEN
 * (the storefront logs such an admin session out, SPEC §6); staff whose role lacks the entry's scope
 * is 403 STAFF_SCOPE_MISSING (still staff, so the storefront shows the refusal instead).
 */
function checkAccess(ctx: RequestCtx, access: Access): void {
  if (access === "public") return;
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  if (access === "user") return;
  if (!ctx.user.staff) throw new AppError("FORBIDDEN", "error.forbidden");
  if (!staffMay(ctx.user.staff, access.staff)) throw new AppError("STAFF_SCOPE_MISSING", "error.staffScopeMissing");
}

/** Runs a staff member's change (a backoffice entry other than GET), so it can be recorded with it. */
export type StaffWriteWrapper = (
  ctx: RequestCtx,
  def: EndpointDef,
  call: { params: unknown; body: unknown; query: unknown },
  run: (ctx: RequestCtx) => Promise<unknown>,
) => Promise<unknown>;

export interface RegisterOptions {
  /** Check every answer against its schema (tests; costs time per answer). */
  checkAnswers?: boolean;
  /** Wraps every staff change (the audit log, issue 12). */
  staffWrite?: StaffWriteWrapper;
}

export function registerEndpoints(app: Hono<HonoEnv>, endpoints: readonly Route[], options: RegisterOptions = {}): void {
  for (const def of endpoints) {
    app.on(def.method, def.path, async (c) => {
      const ctx = c.get("ctx");
      checkAccess(ctx, def.access);
      const url = new URL(c.req.url);
      const params = parse(ctx, def.params, c.req.param(), "params");
      const query = parse(ctx, def.query, Object.fromEntries(url.searchParams), "query");
      const headers = def.headers ? parse(ctx, def.headers, headerValues(def.headers, c.req.raw.headers), "headers") : undefined;
      // An upload's files wait in temporary files until the answer is made, then go.
      const upload = def.files ? await readUpload(c.req.raw, def.files) : null;
      try {
        const sent = upload ? upload.data : def.body ? await readJson(c.req.raw, ctx, def.maxBodyBytes) : undefined;
        const input = { params, query, headers, body: def.body ? parse(ctx, def.body, sent, "body") : undefined, files: upload?.files };
        // An upload audits each file it keeps itself: its seconds of image work must not run inside one transaction.
        const staffWrite =
          typeof def.access === "object" && def.method !== "GET" && !def.readOnly && !def.auditsItself && !def.files
            ? options.staffWrite
            : undefined;
        const result = staffWrite ? await staffWrite(ctx, def, input, (tx) => def.handle(tx, input)) : await def.handle(ctx, input);
        if (options.checkAnswers) checkAnswer(def, result);
        return c.json({ data: result ?? null, errored: false });
      } finally {
        await upload?.discard();
      }
    });
  }
}

/** An upload's form: its files under their field, its body as JSON text in `customData`. */
function uploadSchema(def: EndpointDef, jsonSchema: (schema: z.ZodType, part: string) => JsonSchema) {
  const files = def.files as NonNullable<EndpointDef["files"]>;
  return {
    type: "object",
    required: [files.field],
    properties: {
      [files.field]: {
        type: "array",
        maxItems: files.maxFiles,
        items: { type: "string", format: "binary", maxLength: files.maxFileBytes },
      },
      ...(def.body
        ? { customData: { type: "string", contentMediaType: "application/json", contentSchema: jsonSchema(def.body, "body") } }
        : {}),
    },
  };
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

type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema inside the OpenAPI document. Recursive schemas (navigation and category
 * trees) come with `$defs` that `#/$defs/…` points into, or point at themselves with `#`; in the
 * document `#` is its root, so those definitions move to components.schemas under a name of their
 * own and the pointers follow.
 */
function toJsonSchema(schema: z.ZodType, io: "input" | "output", name: string, components: Record<string, JsonSchema>): JsonSchema {
  const {
    $defs = {},
    $schema: _,
    ...root
  } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const text = JSON.stringify(root);
  const selfReferring = text.includes('"$ref":"#"');
  if (!selfReferring && Object.keys($defs).length === 0) return root;
  const rename = (ref: string) =>
    ref === "#" ? `#/components/schemas/${name}` : `#/components/schemas/${name}.${ref.slice("#/$defs/".length)}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string" && (v === "#" || v.startsWith("#/$defs/")) ? rename(v) : rewrite(v),
      ]),
    );
  };
  for (const [key, def] of Object.entries($defs)) components[`${name}.${key}`] = rewrite(def) as JsonSchema;
  if (!selfReferring) return rewrite(root) as JsonSchema;
  // A schema that contains itself (a category tree) is a component its own answer points to.
  components[name] = rewrite(root) as JsonSchema;
  return { $ref: `#/components/schemas/${name}` };
}

export interface ApiInfo {
  title: string;
  version: string;
  /** Markdown shown above the reference: how to authenticate, the demo key. */
  description: string;
}

const SECURITY_SCHEMES = {
  apiKey: { type: "apiKey", in: "header", name: "apiKey", description: "The site's API key: every call needs it." },
  accessToken: { type: "apiKey", in: "header", name: "accessToken", description: "A logged-in user's access token (from /v1/login)." },
} as const;

/** OpenAPI 3.1 from the same Zod schemas the endpoints validate with and answer in. */
export function openApiDocument(endpoints: readonly Route[], info: ApiInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const def of endpoints) {
    const operation = `${def.method.toLowerCase()}${def.path.replace(/[^A-Za-z0-9]+/g, "_")}`;
    const jsonSchema = (schema: z.ZodType, part: string, io: "input" | "output" = "input") =>
      toJsonSchema(schema, io, `${operation}.${part}`, schemas);
    const path = `/api${def.path.replace(/:(\w+)/g, "{$1}")}`;
    const parameters: unknown[] = [
      { name: "language", in: "header", required: false, schema: { type: "string", enum: ["hr", "en", "de", "hrv", "eng", "ger"] } },
    ];
    for (const [where, schema] of [
      ["path", def.params],
      ["query", def.query],
      ["header", def.headers],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, where) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema: prop });
      }
    }
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      summary: def.summary,
      tags: [def.tag],
      security: [def.access === "public" ? { apiKey: [] } : { apiKey: [], accessToken: [] }],
      ...(typeof def.access === "object" ? { "x-staff": def.access.staff } : {}),
      parameters,
      ...(def.files
        ? { requestBody: { required: true, content: { "multipart/form-data": { schema: uploadSchema(def, jsonSchema) } } } }
        : {}),
      ...(def.body && !def.files
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(def.body, "body") } } } }
        : {}),
      responses: {
        "200": {
          description: "Envelope: the answer is in data.",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["data", "errored"],
                properties: { data: jsonSchema(def.answer, "answer", "output"), errored: { const: false } },
              },
            },
          },
        },
        default: { description: "Error", content: { "application/json": { schema: errorSchema } } },
      },
    };
  }
  return { openapi: "3.1.0", info, components: { securitySchemes: SECURITY_SCHEMES, schemas }, paths };
}
