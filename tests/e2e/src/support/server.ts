import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";

/** The repository root (tests/e2e/src/support -> four levels up). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** How `npm start` runs the server (package.json config), so tests and the bench run it as served. */
const START_CONFIG = (
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { config: { nodeFlags: string; mallocArenaMax: string } }
).config;
const SERVER_NODE_FLAGS: string[] = START_CONFIG.nodeFlags.split(/\s+/);

export interface Credentials {
  email: string;
  password: string;
}

export interface ShopProcess {
  baseUrl: string;
  port: number;
  pid: number;
  admin: Credentials;
  customer: Credentials;
  /** Stops the child (SIGTERM, then SIGKILL after a grace period) and removes its temp data. */
  stop(): Promise<void>;
  /** Sends the child a signal on purpose (no 'ended unexpectedly' note) and resolves with its exit code once it has ended. */
  signal(signal: "SIGTERM" | "SIGKILL"): Promise<number | null>;
}

export interface StartOptions {
  pageCache?: "on" | "off";
  /** Extra environment for the child (wins over the defaults below; `undefined` leaves a default out). */
  env?: Record<string, string | undefined>;
  startTimeoutMs?: number;
  /** The port to listen on (a replacement on its predecessor's port); a free one by default. */
  port?: number;
  /**
   * Another instance seeded the shared database and printed these: this one starts with SEED=none
   * and prints none.
   */
  seeded?: { admin: Credentials; customer: Credentials };
}

const LISTENING = /Shop listening on \S+ \(port (\d+)\)/;
const CREDENTIAL_LINE = /^\s+(administrator|customer)\s+(\S+@\S+)\s+(\S+)\s*$/gm;

/** Every child started here, so a crashed test run still kills them on exit. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A free TCP port on loopback (asked from the OS, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolvePort(port) : reject(new Error("no free port"))));
    });
  });
}

/** Asks a child process to stop (SIGTERM), forces it after `graceMs` (SIGKILL); resolves once it has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the production server (`node apps/server/src/main.ts`) as a child process on loopback with
 * a fresh SQLite file (or the database `env` names), waits for 'Shop listening' and reads the demo
 * passwords it prints once.
 * The storefront must already be built (`npm run build`).
 */
export async function startShop(options: StartOptions = {}): Promise<ShopProcess> {
  let lastError: unknown;
  // A port picked by freePort() can be taken by someone else before the child binds it: retry a few times.
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      lastError = err;
      if (!(err instanceof Error) || !err.message.includes("EADDRINUSE")) throw err;
    }
  }
  throw lastError;
}

async function startOnce(options: StartOptions): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      MALLOC_ARENA_MAX: START_CONFIG.mallocArenaMax,
      HOME: process.env.HOME ?? tmpdir(),
      TZ: process.env.TZ ?? "Europe/Zagreb",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dataDir, "shop.sqlite")}`,
      MEDIA_DIR: join(dataDir, "media"),
      APP_ENV: "production",
      SECRET: randomBytes(32).toString("base64url"),
      PAGE_CACHE: options.pageCache ?? "on",
      LOG: "silent",
      SEED: options.seeded ? "none" : "demo",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);

  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  // Keep draining both pipes for the child's whole life so it never blocks on a full pipe.
  child.stdout?.on("data", (chunk: string) => {
    if (stdout.length < 64_000) stdout += chunk;
  });
  child.stderr?.on("data", (chunk: string) => {
    if (stderr.length < 64_000) stderr += chunk;
  });

  let stopping = false;
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  exited.then(() => running.delete(child));
  // A shop that dies in the middle of a journey shows up as refused connections: say why it ended.
  child.once("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`[shop ${port}] ended unexpectedly (code ${code}, signal ${signal})\n${stderr.slice(-4000)}\n`);
  });

  const stop = async () => {
    stopping = true;
    await stopChild(child, exited, 5_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const signal = (name: "SIGTERM" | "SIGKILL") => {
    stopping = true;
    child.kill(name);
    return exited;
  };

  try {
    await new Promise<void>((resolveReady, reject) => {
      const timeoutMs = options.startTimeoutMs ?? 60_000;
      const timer = setTimeout(() => reject(new Error(`shop did not start within ${timeoutMs} ms\n${stdout}\n${stderr}`)), timeoutMs);
      const onData = () => {
        if (LISTENING.test(stdout)) {
          clearTimeout(timer);
          child.stdout?.off("data", onData);
          resolveReady();
        }
      };
      child.stdout?.on("data", onData);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`shop exited before listening (code ${code}, signal ${signal})\n${stdout}\n${stderr}`));
      });
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }

  const printedPort = Number(LISTENING.exec(stdout)?.[1]);
  const creds = new Map<string, Credentials>();
  for (const m of stdout.matchAll(CREDENTIAL_LINE)) creds.set(m[1] as string, { email: m[2] as string, password: m[3] as string });
  const admin = options.seeded?.admin ?? creds.get("administrator");
  const customer = options.seeded?.customer ?? creds.get("customer");
  const seedPrinted = stdout.includes("Demo data created. These passwords are shown only now:");
  if (printedPort !== port || !admin || !customer || seedPrinted === Boolean(options.seeded)) {
    await stop();
    const expected = options.seeded ? "no demo credentials" : "demo credentials";
    throw new Error(`unexpected start-up output (expected ${expected} and port ${port}):\n${stdout}`);
  }
  if (child.pid === undefined) throw new Error("child has no pid");
  return { baseUrl, port, pid: child.pid, admin, customer, stop, signal };
}

/** Logs in through the platform API and returns the access token. */
export async function apiLogin(shop: ShopProcess, user: Credentials, apiKey: string): Promise<string> {
  const res = await fetch(`${shop.baseUrl}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json", apiKey },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const body = (await res.json()) as { data?: { tokens?: { accessToken?: string } } };
  const token = body.data?.tokens?.accessToken;
  if (!res.ok || !token) throw new Error(`login failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return token;
}

/** Calls the platform API with the demo key; anything but 200 fails the test with the answer. */
export async function apiCall<T>(
  shop: ShopProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  language = "hr",
): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json", apiKey: DEMO_API_KEY, language };
  if (token) headers.accessToken = token;
  const res = await fetch(`${shop.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}
