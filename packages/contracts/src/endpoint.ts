import type { z } from "zod";
import type { StaffNeed } from "./staff.ts";

/**
 * One platform endpoint as both halves know it (SPEC §7): method, path below /api, the schemas of
 * what it reads and the schema of what it answers inside the `{ data, errored }` envelope. The
 * platform registers a handler per entry (a wrong answer shape fails the type check); the
 * storefront calls `platform.call(api.cart.addItem, { body })` and gets the answer's type back.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone with the site's apiKey, a logged-in customer (accessToken), or staff with
 * what the entry names (`{ staff: "content" }`, `{ staff: "administrator" }`, `{ staff: "any" }`).
 */
export type Access = "public" | "user" | { readonly staff: StaffNeed };

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Below /api, `:name` for path parameters, e.g. `/v1/user/web/address/update/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /** A POST that changes nothing (a filter with a body): a staff call to it leaves no audit row. */
  readonly readOnly?: true;
  /**
   * A staff write that records in the audit log only what matters itself (an edit lock: its take-over,
   * not every heartbeat), instead of the row every staff write leaves.
   */
  readonly auditsItself?: true;
  /**
   * Kinds of data its answer shows besides its group's `tag`, recorded on the cached page that
   * called it (ADR 19, 25): e.g. post lists are `postList`, which a page's publish drops.
   */
  readonly shows?: readonly string[];
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** Request headers of its own besides apiKey/language/accessToken (e.g. refreshToken). */
  readonly headers?: z.ZodType;
  /** What `data` holds on success. */
  readonly answer: z.ZodType;
  /** A larger body than the API's small JSON documents (a file sent as base64), in bytes. */
  readonly maxBodyBytes?: number;
  /** A multipart upload: its files, and its `body` as JSON in the `customData` field (SPEC §7 v2 media upload). */
  readonly files?: FileUpload;
}

/** How many files an upload takes under which form field, and how large each may be. */
export interface FileUpload {
  readonly field: string;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
}

/** A file as its handler receives it: written to a temporary file the platform removes after the answer. */
export interface ReceivedFile {
  /** The name the sender gave it: for people, never for a path or a type. */
  name: string;
  path: string;
  size: number;
  /** It was larger than the endpoint takes: only its first bytes were kept. */
  tooLarge: boolean;
}

/** A file as a caller sends it. */
export interface SentFile {
  name: string;
  data: Blob;
}

/** Keeps the literal types of a definition (method, path, schemas) for both halves to infer from. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type Part = "body" | "query" | "params" | "headers";
type Parsed<E, K extends Part> = E extends { readonly [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type Given<E, K extends Part> = E extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** The body a caller sends (its input form). */
export type BodyOf<E extends EndpointDef> = Given<E, "body">;

/** The answer's `data`, as the handler returns it and the caller reads it. */
export type AnswerOf<E extends EndpointDef> = z.output<E["answer"]>;

/** What a handler receives: every part parsed by its schema (undefined where the endpoint has none). */
export interface HandlerInput<E extends EndpointDef> {
  body: Parsed<E, "body">;
  query: Parsed<E, "query">;
  params: Parsed<E, "params">;
  headers: Parsed<E, "headers">;
  files: E extends { readonly files: FileUpload } ? ReceivedFile[] : undefined;
}

type Required<E, K extends Part> = [Given<E, K>] extends [never] ? { [P in K]?: never } : { [P in K]: Given<E, K> };

/** What a caller passes: exactly the parts the endpoint reads, in their input form. */
export type CallInput<E extends EndpointDef> = Required<E, "body"> &
  Required<E, "query"> &
  Required<E, "params"> &
  Required<E, "headers"> &
  (E extends { readonly files: FileUpload } ? { files: SentFile[] } : { files?: never });

/** True when the endpoint reads nothing, so a caller may leave the input out. */
export type NoInput<E extends EndpointDef> = [Given<E, "body"> | Given<E, "query"> | Given<E, "params"> | Given<E, "headers">] extends [
  never,
]
  ? true
  : false;

/** The path with its `:name` parameters filled in (URL-encoded). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A group of endpoints as one module of the platform offers them (e.g. api.cart). */
export type EndpointGroup = Readonly<Record<string, EndpointDef>>;
