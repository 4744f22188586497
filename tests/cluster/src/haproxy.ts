import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { READY_PATH } from "@shop/server/health.ts";
import { stopChild } from "../../e2e/src/support/server.ts";

/** Debian's package (`apt-get install haproxy`); CI installs it, the test starts its own copy, never the service. */
export const HAPROXY = "/usr/sbin/haproxy";

export interface Backend {
  name: string;
  port: number;
}

export interface Balancer {
  url: string;
  /** Each server's state as HAProxy sees it (UP, DOWN, MAINT, ...), from its stats page. */
  states(): Promise<Map<string, string>>;
  /** Resolves once HAProxy reports the server in that state; rejects after `timeoutMs`. */
  waitFor(server: string, state: "UP" | "DOWN", timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The load balancer's configuration: round robin over the shops, each checked on /readyz every
 * 200 ms, out after one failed check (a draining instance answers 503 from its first moment and still
 * takes connections for SHUTDOWN_DELAY_MS, so the next check takes it out before its port closes),
 * back after two. A check may take 3 s: /readyz waits up to 2 s for the database and Redis itself,
 * and on a busy machine a survivor's slow answer must not take it out while the other drains.
 * Only a request that never reached an instance (its connection failed) is sent
 * again, to the other (`retry-on conn-failure`, `redispatch`): one whose instance took it and died
 * before answering may have written, and is not replayed.
 * The payment emulator keeps its transactions in the memory of the instance that took the form, so
 * `/__emulator/` always goes to one instance: it stands for the provider, which is one place.
 */
export function haproxyConfig(port: number, statsPort: number, shops: Backend[], provider: Backend): string {
  return `global
  maxconn 1024

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 15s
  timeout http-request 10s
  timeout http-keep-alive 5s
  timeout check 3s
  retries 3
  option redispatch 1
  retry-on conn-failure
  option forwardfor

frontend shop
  bind 127.0.0.1:${port}
  use_backend provider if { path_beg /__emulator/ }
  default_backend shops

backend shops
  balance roundrobin
  option httpchk GET ${READY_PATH}
  http-check expect status 200
  default-server check inter 200ms fastinter 200ms downinter 500ms fall 1 rise 2
${shops.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join("\n")}

backend provider
  server ${provider.name} 127.0.0.1:${provider.port}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export async function startHaproxy(port: number, statsPort: number, shops: Backend[], provider: Backend): Promise<Balancer> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy`);
  const dir = mkdtempSync(join(tmpdir(), "shop-cluster-haproxy-"));
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(port, statsPort, shops, provider));
  // -db: in the foreground, no daemon; -W: master-worker, so one signal stops it.
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-W", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    if (output.length < 32_000) output += chunk.toString("utf8");
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.once("exit", () => child.kill("SIGKILL"));

  const states = async () => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const lines = (await res.text()).split("\n");
    const header = (lines[0] ?? "").replace(/^# /, "").split(",");
    const [proxy, server, status] = ["pxname", "svname", "status"].map((name) => header.indexOf(name));
    const found = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const cells = line.split(",");
      if (cells[proxy ?? 0] === "shops" && cells[server ?? 1] !== "BACKEND") found.set(cells[server ?? 1] ?? "", cells[status ?? 17] ?? "");
    }
    return found;
  };
  const waitFor = async (server: string, state: "UP" | "DOWN", timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    let last = "";
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
      try {
        last = (await states()).get(server) ?? "";
        // "UP 1/2" while rising, "DOWN 1/2" while falling: only the settled state counts.
        if (last === state) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`haproxy: server ${server} not ${state} within ${timeoutMs} ms (last: ${last || "no answer"})\n${output}`);
  };
  const stop = async () => {
    await stopChild(child, exited, 3_000);
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, states, waitFor, stop };
}
