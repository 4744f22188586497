import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";

/** One request as the load saw it: when it started, how long it took, and whether it failed. */
export interface Sample {
  startedAt: number;
  ms: number;
  failed: boolean;
  what: string;
  detail?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Every request of the run, in the order they ended. */
export class Recorder {
  readonly samples: Sample[] = [];

  add(sample: Sample) {
    this.samples.push(sample);
  }

  /** The samples that started in [from, to). */
  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.startedAt >= from && s.startedAt < to);
  }
}

export function p99(samples: Sample[]): number {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0);
}

/** A Cookie header's jar: the name=value of every Set-Cookie, the latest winning. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get size(): number {
    return this.cookies.size;
  }
}

export interface Call {
  method?: string;
  /** JSON to send (with the API's headers) or a form. */
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  jar?: CookieJar;
  /** Statuses that count as success; 200 by default. */
  ok?: readonly number[];
}

/**
 * A client of one origin (the balancer, or one instance directly): each request is timed and
 * recorded; a refused connection, a reset or an unexpected status is a failure, returned as null.
 * `address` is the visitor's own address, which the front proxy in front of the balancer would
 * tell (X-Forwarded-For): every visitor is then limited on its own, as on the shop's real traffic.
 */
export class Client {
  readonly origin: string;
  private readonly recorder: Recorder | null;
  address: string;
  /** Why the last request that failed did, for a setup step's error. */
  lastFailure = "";

  constructor(origin: string, recorder: Recorder | null, address: string) {
    this.origin = origin;
    this.recorder = recorder;
    this.address = address;
  }

  async send(what: string, path: string, call: Call = {}): Promise<Answer | null> {
    const headers: Record<string, string> = { "x-forwarded-for": this.address, ...call.headers };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(call.form).toString();
    }
    if (path.startsWith("/api/")) headers.apiKey = DEMO_API_KEY;
    if (call.jar && call.jar.size > 0) headers.cookie = call.jar.header;
    const method = call.method ?? (body === undefined ? "GET" : "POST");
    const startedAt = Date.now();
    const url = path.startsWith("http") ? path : `${this.origin}${path}`;
    let answer: Answer | null = null;
    let detail: string | undefined;
    try {
      const res = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) });
      answer = { status: res.status, headers: res.headers, text: await res.text() };
      call.jar?.take(res.headers);
      if (!(call.ok ?? [200]).includes(res.status)) detail = `HTTP ${res.status} ${summary(answer)}`;
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      detail = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
    }
    this.recorder?.add({ startedAt, ms: Date.now() - startedAt, failed: detail !== undefined, what, detail });
    if (detail !== undefined) this.lastFailure = `${what}: ${detail}`;
    return detail === undefined ? answer : null;
  }

  /** An API call's `data`, or null when it failed. */
  async api<T>(what: string, path: string, call: Call = {}): Promise<T | null> {
    const answer = await this.send(what, `/api${path}`, call);
    return answer ? (JSON.parse(answer.text) as { data: T }).data : null;
  }
}

/** A page by its title, anything else by its first characters. */
const summary = (answer: Answer) => /<title>([^<]*)<\/title>/.exec(answer.text)?.[1] ?? answer.text.slice(0, 300);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };
const decodeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? "");

/** The auto-submitting form a card order answers (its action and hidden fields), as a browser would send it. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input[0])?.[1];
    const value = /\svalue="([^"]*)"/.exec(input[0])?.[1] ?? "";
    if (name) fields[decodeAttribute(name)] = decodeAttribute(value);
  }
  return { action: decodeAttribute(action), fields };
}
