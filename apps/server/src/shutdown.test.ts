import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get, request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE, localizedPath } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "main.ts");
const dir = mkdtempSync(join(tmpdir(), "shop-shutdown-"));
const children: ChildProcess[] = [];

/** The database the servers share: a SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
let databaseUrl = `sqlite:${join(dir, "shop.sqlite")}`;
const pgUrl = process.env.TEST_DATABASE_URL;
const pgName = `shop_shutdown_${randomBytes(4).toString("hex")}`;
const onPostgres = async (statement: string) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
beforeAll(async () => {
  if (!pgUrl) return;
  await onPostgres(`CREATE DATABASE ${pgName}`);
  const url = new URL(pgUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.href;
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  if (pgUrl) await onPostgres(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
});

interface Running {
  child: ChildProcess;
  port: number;
  /** Everything the child wrote to stdout so far. */
  stdout(): string;
  /** Resolves once stdout holds a match. */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
}

/** The server as `npm start` runs it, on port 0 and the database shared by the tests (seeded by the first). */
async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dir, "media"),
      SECRET: randomBytes(32).toString("base64url"),
      HOST: "127.0.0.1",
      PORT: "0",
      LOG: "json",
      SEED: "demo",
      PAGE_CACHE: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  const waiters: { pattern: RegExp; done(): void }[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      if (w.pattern.test(out)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done();
      }
    }
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const waitFor = (pattern: RegExp) =>
    pattern.test(out)
      ? Promise.resolve()
      : new Promise<void>((done, failed) => {
          waiters.push({ pattern, done });
          void exited.then((code) => failed(new Error(`server exited with ${code} before ${pattern}: ${out}`)));
        });
  await waitFor(/Shop listening on \S+ \(port \d+\)/);
  const port = Number(/\(port (\d+)\)/.exec(out)?.[1]);
  return { child, port, stdout: () => out, waitFor, exited };
}

/** GET on a new connection: status and body. */
function fetchOnce(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((done, failed) => {
    get({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    }).on("error", failed);
  });
}

/** A fresh cart to ask for: its session body. */
async function cartSession(port: number): Promise<string> {
  const res = await fetchOnce(port, "/api/v2/cart/getNewCartSession", { apiKey: DEMO_API_KEY });
  expect(res.status).toBe(200);
  return JSON.stringify((JSON.parse(res.body) as { data: unknown }).data);
}

/**
 * A POST in flight: its headers are sent and the server has begun it (it answered 100 Continue), its
 * body waits for `finish()`. So the signal comes while the request is certainly being handled.
 */
function postInFlight(port: number, path: string, body: string) {
  const req = request({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    agent: false,
    headers: {
      apiKey: DEMO_API_KEY,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const begun = new Promise<void>((done) => req.once("continue", done));
  const answered = new Promise<{ status: number; body: string }>((done, failed) => {
    req.once("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.once("error", failed);
  });
  return { begun, answered, finish: () => req.end(body) };
}

const SHUTDOWN_STARTED = /"event":"shutdown"/;
/** The log record of the end of the delay: the port is closed. */
const ACCEPTING_STOPPED = /"event":"shutdown.drain"/;

/** Whether a new connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(false);
    });
    socket.once("error", () => done(true));
  });

/** The statuses of the whole HTTP answers in `bytes` (head and all the body its framing announces), in order; a cut one is left out. */
function wholeAnswers(bytes: Buffer): number[] {
  const text = bytes.toString("latin1");
  const statuses: number[] = [];
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf("\r\n\r\n", at);
    if (headEnd < 0) return statuses;
    const head = text.slice(at, headEnd);
    let next = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length !== undefined) {
      next += Number(length);
      if (next > text.length) return statuses;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      for (;;) {
        const sizeEnd = text.indexOf("\r\n", next);
        if (sizeEnd < 0) return statuses;
        const size = Number.parseInt(text.slice(next, sizeEnd), 16);
        next = sizeEnd + 2 + size + 2;
        if (Number.isNaN(size) || next > text.length) return statuses;
        if (size === 0) break;
      }
    }
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0);
    // 100 Continue is no answer of its own.
    if (status !== 100) statuses.push(status);
    at = next;
  }
}

interface Connection {
  /** Writes a GET (HTTP/1.1, so the connection stays open after its answer unless the server says close). */
  send(path: string): void;
  /** Resolves once `count` whole answers have come. */
  answered(count: number): Promise<void>;
  /** Resolves once the server has closed the connection (or reset it): the statuses of the whole answers it sent. */
  closed: Promise<number[]>;
}

/** A raw connection, resolved when its 'connect' fired: the kernel took it, whether or not the server has accepted it yet. */
function connected(port: number): Promise<Connection> {
  return new Promise((done, failed) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const waiting: { count: number; done(): void }[] = [];
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const have = wholeAnswers(Buffer.concat(chunks)).length;
      for (const w of waiting.filter((w) => w.count <= have)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done();
      }
    });
    const closed = new Promise<number[]>((ended) => {
      // A reset ends it as well: what arrived until then is judged like the rest.
      socket.on("error", () => undefined);
      socket.once("close", () => ended(wholeAnswers(Buffer.concat(chunks))));
    });
    socket.once("error", failed);
    socket.once("connect", () => {
      socket.off("error", failed);
      done({
        send: (path) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
        answered: (count) => new Promise<void>((ok) => waiting.push({ count, done: ok })),
        closed,
      });
    });
  });
}

describe("a server told to stop (SIGTERM)", () => {
  it("answers all 40 connections made before the signal: requests sent before it, after it, and on kept-alive connections", async () => {
    // A delay the requests sent after the signal surely fall in, on a busy machine too.
    const server = await startServer({ SHUTDOWN_DELAY_MS: "3000" });
    const path = `${localizedPath("search", DEFAULT_LOCALE)}?search=pranje`;
    // 10 kept alive: one request answered, the next one sent after the signal.
    const keptAlive = await Promise.all(Array.from({ length: 10 }, () => connected(server.port)));
    for (const c of keptAlive) c.send(path);
    await Promise.all(keptAlive.map((c) => c.answered(1)));
    // 20 whose requests keep the server busy, and 10 made meanwhile (queued, maybe not yet accepted) that send theirs after the signal.
    const busy = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const c = await connected(server.port);
        c.send(path);
        return c;
      }),
    );
    const late = await Promise.all(Array.from({ length: 10 }, () => connected(server.port)));

    server.child.kill("SIGTERM");
    await server.waitFor(SHUTDOWN_STARTED);
    for (const c of [...keptAlive, ...late]) c.send(path);
    const answers = await Promise.all([...keptAlive, ...busy, ...late].map((c) => c.closed));

    // Each connection's every request answered whole: two on a kept-alive one, one on the others.
    const whole = answers.filter((statuses, i) => statuses.length === (i < keptAlive.length ? 2 : 1) && statuses.every((s) => s === 200));
    expect(whole.length, "connections whose every request was answered, of 40").toBe(40);
    expect(await server.exited).toBe(0);
  });

  it("answers every request in flight when it stops taking connections, refuses new ones then, and exits 0", async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "0" });
    const body = await cartSession(server.port);
    const posts = Array.from({ length: 24 }, () => postInFlight(server.port, "/api/v2/cart/getCart", body));
    await Promise.all(posts.map((p) => p.begun));

    server.child.kill("SIGTERM");
    await server.waitFor(ACCEPTING_STOPPED);
    expect(await refused(server.port)).toBe(true);
    for (const p of posts) p.finish();
    const answers = await Promise.all(posts.map((p) => p.answered));

    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    for (const a of answers) expect(JSON.parse(a.body)).toMatchObject({ errored: false, data: { items: [] } });
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"event":"shutdown.done"');
  });

  it("takes new connections for SHUTDOWN_DELAY_MS after the signal, /readyz 503 on them, then refuses them", async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "3000" });
    server.child.kill("SIGTERM");
    await server.waitFor(SHUTDOWN_STARTED);
    expect(await fetchOnce(server.port, "/readyz")).toEqual({ status: 503, body: '{"status":"draining"}' });
    expect((await fetchOnce(server.port, "/en")).status).toBe(200);

    await server.waitFor(ACCEPTING_STOPPED);
    expect(await refused(server.port)).toBe(true);
    expect(await server.exited).toBe(0);
  });

  it("gives a connection it accepted a moment for its first request after the port closed; one that sends none is closed", async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "0" });
    const [sends, silent] = await Promise.all([connected(server.port), connected(server.port)]);
    // Answered on a later connection: the two before it were taken from the accept queue (in order) by then.
    expect((await fetchOnce(server.port, "/healthz")).status).toBe(200);

    server.child.kill("SIGTERM");
    await server.waitFor(ACCEPTING_STOPPED);
    sends.send("/healthz");
    expect(await sends.closed).toEqual([200]);
    expect(await silent.closed).toEqual([]);
    expect(await server.exited).toBe(0);
  });

  it("cuts a request still running SHUTDOWN_TIMEOUT_MS after it stopped taking connections, and exits all the same", async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "0", SHUTDOWN_TIMEOUT_MS: "500" });
    const body = await cartSession(server.port);
    // Begun, its body never sent: it runs until it is cut.
    const post = postInFlight(server.port, "/api/v2/cart/getCart", body);
    await post.begun;

    server.child.kill("SIGTERM");
    await expect(post.answered).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"event":"shutdown.cut"');
  });

  it("says /readyz 503 from the signal on, while a request is still in flight; /healthz answers while it runs", async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: "3000" });
    expect(await fetchOnce(server.port, "/healthz")).toEqual({ status: 200, body: '{"status":"alive"}' });
    const before = await fetchOnce(server.port, "/readyz");
    expect(before.status).toBe(200);
    expect(JSON.parse(before.body)).toEqual({ status: "ready", database: "ok" });
    const body = await cartSession(server.port);

    // One connection: a POST the server has begun, then (sent after the signal) a /readyz behind it.
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.write(
      [
        "POST /api/v2/cart/getCart HTTP/1.1",
        "Host: 127.0.0.1",
        `apiKey: ${DEMO_API_KEY}`,
        "Content-Type: application/json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Expect: 100-continue",
        "",
        "",
      ].join("\r\n"),
    );
    await new Promise<void>((done) => {
      const check = () => (received.includes("100 Continue") ? done() : socket.once("data", check));
      check();
    });

    server.child.kill("SIGTERM");
    await server.waitFor(SHUTDOWN_STARTED);
    socket.write(`${body}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await closed;

    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([100, 200, 503]);
    expect(received).toContain('{"status":"draining"}');
    expect(await server.exited).toBe(0);
    // Health checks are no requests of the shop's: none is in its log.
    expect(server.stdout()).not.toMatch(/"path":"\/(healthz|readyz)"/);
    expect(server.stdout()).not.toContain("addFailedRequest");
  });
});

describe("the log of a page view", () => {
  it("carries the page's request id into the platform calls it makes, all of it JSON lines", async () => {
    const server = await startServer();
    const page = await fetchOnce(server.port, "/en", { "x-request-id": "view-7f3a9c" });
    expect(page.status).toBe(200);
    // An id that is not a short plain token is not taken over.
    const odd = await fetchOnce(server.port, "/en", { "x-request-id": '"}{"level":"fake"' });
    expect(odd.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const demoBlock = /\nDemo data created[\s\S]*?\n {2}customer .*\n/;
    const lines = server.stdout().replace(demoBlock, "\n").split("\n").filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofView = records.filter((r) => r.requestId === "view-7f3a9c");
    // The page's own record, and the platform's record of each call it made (paths below /api).
    expect(ofView.filter((r) => r.path === "/en" && r.method === "GET" && r.status === 200)).toHaveLength(1);
    expect(ofView.filter((r) => typeof r.path === "string" && /^\/v\d\//.test(r.path)).length).toBeGreaterThan(0);
    expect(records.some((r) => r.level === "fake" || String(r.requestId).includes("{"))).toBe(false);
  });
});
