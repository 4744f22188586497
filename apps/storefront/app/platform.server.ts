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
} from "@shop/contracts";
import type { RouterContextProvider } from "react-router";
import { type ShopContext, shopContext } from "./context.ts";
import { readCookie } from "./cookies.server.ts";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ErrorBody["error"]; message: string };

/** The input of an entry of the endpoint table; optional when the endpoint reads nothing. */
type CallArgs<E extends EndpointDef> = NoInput<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>];

export interface ApiCall {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

/**
 * The storefront's only way to data: the platform contract of SPEC §7 (path, headers, envelope).
 * Tokens travel from the httpOnly cookies to the accessToken header.
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

  /** Calls one entry of the endpoint table (`api.cart.getCart`) with its typed input; answers its typed data. */
  call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>>;
  call<T>(path: string, call?: ApiCall): Promise<ApiResult<T>>;
  call(target: string | EndpointDef, input?: unknown): Promise<ApiResult<unknown>> {
    return typeof target === "string" ? this.#send(target, (input ?? {}) as ApiCall) : this.#send(...toCall(target, input));
  }

  async #send<T>(path: string, call: ApiCall): Promise<ApiResult<T>> {
    const query = call.query
      ? `?${new URLSearchParams(Object.entries(call.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`
      : "";
    const headers: Record<string, string> = {
      apiKey: this.#ctx.apiKey,
      language: LOCALE_ISO3[this.#locale],
      "x-shop-client-ip": this.#ctx.clientIp,
      ...call.headers,
    };
    if (this.#accessToken) headers.accessToken = this.#accessToken;
    if (call.body !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await this.#ctx.platform(`${path}${query}`, {
        method: call.method ?? (call.body === undefined ? "GET" : "POST"),
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : "network error";
      return { ok: false, status: 0, message, error: { code: "INTERNAL", payload: { message } } };
    }
    const json = (await res.json().catch(() => null)) as { data?: T } | ErrorBody | null;
    if (res.ok && json && !("errored" in json && json.errored)) return { ok: true, status: res.status, data: (json as { data: T }).data };
    const error = json && "error" in json ? json.error : { code: "INTERNAL" as const, payload: { message: res.statusText } };
    return { ok: false, status: res.status, error, message: error.payload.message };
  }

  /**
   * For answers that are the same for every visitor (published content): served from the shared
   * public-data cache, and only successful answers are kept.
   */
  callPublic<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>>;
  callPublic<T>(path: string, call?: ApiCall): Promise<ApiResult<T>>;
  callPublic(target: string | EndpointDef, input?: unknown): Promise<ApiResult<unknown>> {
    const [path, call] = typeof target === "string" ? [target, (input ?? {}) as ApiCall] : toCall(target, input);
    return this.#sendPublic(path, call);
  }

  /**
   * For answers that are the same for every anonymous visitor but may say more to a logged-in one
   * (staff see more options, a customer sees their own review): cached for anonymous callers only.
   */
  callShared<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<AnswerOf<E>>> {
    return this.anonymous ? this.callPublic(endpoint, ...args) : this.call(endpoint, ...args);
  }

  async #sendPublic<T>(path: string, call: ApiCall): Promise<ApiResult<T>> {
    const key = `${this.#locale}|${call.method ?? ""}|${path}|${JSON.stringify(call.query ?? null)}|${JSON.stringify(call.body ?? null)}`;
    const hit = this.#ctx.publicData.get(key) as ApiResult<T> | undefined;
    if (hit) return hit;
    const result = await this.#send<T>(path, call);
    if (result.ok) this.#ctx.publicData.set(key, result);
    return result;
  }

  get anonymous(): boolean {
    return this.#accessToken === undefined;
  }
}

/** An entry of the endpoint table and its input, as the request to send. */
function toCall(endpoint: EndpointDef, input: unknown): [string, ApiCall] {
  const given = (input ?? {}) as {
    body?: unknown;
    query?: ApiCall["query"];
    params?: Record<string, unknown>;
    headers?: Record<string, string>;
  };
  return [
    pathOf(endpoint.path, given.params),
    { method: endpoint.method, body: given.body ?? (endpoint.body ? {} : undefined), query: given.query, headers: given.headers },
  ];
}

export function platformFor(context: Readonly<RouterContextProvider>, request: Request, locale: Locale): Platform {
  return new Platform(context.get(shopContext), locale, readCookie(request, COOKIE.accessToken));
}
