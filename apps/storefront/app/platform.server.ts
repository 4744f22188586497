import {
  type AnswerOf,
  type CallInput,
  COOKIE,
  type EndpointDef,
  type ErrorBody,
  LOCALE_ISO3,
  type Locale,
  type NoInput,
  pathOf,
  type SentFile,
} from "@shop/contracts";
import type { RouterContextProvider } from "react-router";
import { type ShopContext, shopContext } from "./context.ts";
import { readCookie } from "./cookies.server.ts";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ErrorBody["error"]; message: string };

/** The input of an entry of the endpoint table; optional when the endpoint reads nothing. */
type CallArgs<E extends EndpointDef> = NoInput<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A request to the platform, as sent. */
interface Outgoing {
  method: EndpointDef["method"];
  /** Below /api, parameters filled in, with the query string. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** An upload's files: sent as a multipart form under `filesField`, with the body as JSON in `customData`. */
  files?: SentFile[];
  filesField?: string;
  /** A body passed on unread (see `stream`). */
  stream?: ReadableStream<Uint8Array>;
}

/**
 * The storefront's only way to data: the platform contract of SPEC §7 (path, headers, envelope),
 * one entry of the endpoint table per call. Tokens travel from the httpOnly cookies to the
 * accessToken header.
 */
export class Platform {
  readonly #ctx: ShopContext;
  readonly #locale: Locale;
  readonly #accessToken?: string;

  constructor(ctx: ShopContext, locale: Locale, accessToken?: string) {
    this.#ctx = ctx;
    this.#locale = locale;
    this.#accessToken = accessToken;
  }

  withToken(accessToken: string | undefined): Platform {
    return new Platform(this.#ctx, this.#locale, accessToken);
  }

  /** The same caller in another language (the editor edits the language of the page, not the admin's). */
  withLocale(locale: Locale): Platform {
    return new Platform(this.#ctx, locale, this.#accessToken);
  }

  /** The kinds of data the endpoint's answer shows, recorded on the page being rendered (ADR 19). */
  #tag(endpoint: EndpointDef): void {
    this.#ctx.cacheTags.add(endpoint.tag);
    for (const kind of endpoint.shows ?? []) this.#ctx.cacheTags.add(kind);
  }

  /** Calls one entry of the endpoint table (`api.cart.getCart`) with its typed input; answers its typed data. */
  call<E extends EndpointDef>(endpoint: E, ...[input]: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>> {
    this.#tag(endpoint);
    return this.#send(outgoing(endpoint, input));
  }

  /**
   * For answers that are the same for every visitor (published content): served from the shared
   * public-data cache, and only successful answers are kept.
   */
  async callPublic<E extends EndpointDef>(endpoint: E, ...[input]: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>> {
    // Counted on a hit too: the page shows this kind of data whether the answer came from the cache or not.
    this.#tag(endpoint);
    const request = outgoing(endpoint, input);
    const key = `${this.#locale}|${request.method} ${request.path}|${JSON.stringify(request.body ?? null)}`;
    const hit = this.#ctx.publicData.get(key) as ApiResult<AnswerOf<E>> | undefined;
    if (hit) return hit;
    const result = await this.#send<AnswerOf<E>>(request);
    if (result.ok) this.#ctx.publicData.set(key, result);
    return result;
  }

  /**
   * For answers that are the same for every anonymous visitor but may say more to a logged-in one
   * (staff see more options, a customer sees their own review): cached for anonymous callers only.
   */
  callShared<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>> {
    return this.anonymous ? this.callPublic(endpoint, ...args) : this.call(endpoint, ...args);
  }

  /**
   * An upload's multipart body passed on as it arrives (a browser's files, ADR 26): never read or
   * held here; the platform's busboy bounds the files' count and size as it reads.
   */
  stream<E extends EndpointDef & { files: NonNullable<EndpointDef["files"]> }>(
    endpoint: E,
    upload: { body: ReadableStream<Uint8Array>; contentType: string; params?: Record<string, unknown> },
  ): Promise<ApiResult<AnswerOf<E>>> {
    this.#ctx.cacheTags.add(endpoint.tag);
    return this.#send({
      method: endpoint.method,
      path: pathOf(endpoint.path, upload.params),
      headers: { "content-type": upload.contentType },
      stream: upload.body,
    });
  }

  get anonymous(): boolean {
    return this.#accessToken === undefined;
  }

  async #send<T>(request: Outgoing): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {
      apiKey: this.#ctx.apiKey,
      language: LOCALE_ISO3[this.#locale],
      "x-shop-client-ip": this.#ctx.clientIp,
      "x-request-id": this.#ctx.requestId,
      ...request.headers,
    };
    if (this.#accessToken) headers.accessToken = this.#accessToken;
    if (request.body !== undefined && !request.files) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await this.#ctx.platform(
        request.path,
        // duplex: a streamed request body is sent while the answer may already arrive (fetch requires it said).
        request.stream
          ? ({ method: request.method, headers, body: request.stream, duplex: "half" } as RequestInit)
          : { method: request.method, headers, body: bodyOf(request) },
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : "network error";
      return { ok: false, status: 0, message, error: { code: "INTERNAL", payload: { message } } };
    }
    const json = (await res.json().catch(() => null)) as { data?: T } | ErrorBody | null;
    if (res.ok && json && !("errored" in json && json.errored)) return { ok: true, status: res.status, data: (json as { data: T }).data };
    const error = json && "error" in json ? json.error : { code: "INTERNAL" as const, payload: { message: res.statusText } };
    return { ok: false, status: res.status, error, message: error.payload.message };
  }
}

/** JSON, or for an upload a multipart form (its content type, with the boundary, set by fetch). */
function bodyOf(request: Outgoing): string | FormData | undefined {
  if (request.files) {
    const form = new FormData();
    for (const file of request.files) form.append(request.filesField ?? "file", file.data, file.name);
    if (request.body !== undefined) form.append("customData", JSON.stringify(request.body));
    return form;
  }
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

/** An entry of the endpoint table and its input, as the request to send. */
function outgoing(endpoint: EndpointDef, input: unknown): Outgoing {
  const given = (input ?? {}) as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
    headers?: Record<string, string | undefined>;
    files?: SentFile[];
  };
  const query = given.query
    ? new URLSearchParams(
        Object.entries(given.query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
      ).toString()
    : "";
  return {
    method: endpoint.method,
    path: `${pathOf(endpoint.path, given.params)}${query ? `?${query}` : ""}`,
    // An endpoint that reads a body gets one even when every field is optional.
    body: given.body ?? (endpoint.body ? {} : undefined),
    // An optional header left out (an Idempotency-Key not given) is not sent at all, never as "undefined".
    headers:
      given.headers &&
      Object.fromEntries(Object.entries(given.headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    ...(endpoint.files && given.files ? { files: given.files, filesField: endpoint.files.field } : {}),
  };
}

export function platformFor(context: Readonly<RouterContextProvider>, request: Request, locale: Locale): Platform {
  return new Platform(context.get(shopContext), locale, readCookie(request, COOKIE.accessToken));
}
