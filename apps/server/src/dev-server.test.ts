import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/e2e/src/support/server.ts";
import { copyWorkingTree, REPO } from "./source-copy.test-support.ts";

const work = mkdtempSync(join(tmpdir(), "shop-dev-server-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the sources on the same install, so the test can change a route module without touching the tree. */
function copyOfSources(): string {
  const dir = join(work, "shop");
  copyWorkingTree(dir);
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  return dir;
}

describe("npm run dev", () => {
  it("renders the storefront through Vite and serves a changed route module on the next request", { timeout: 180_000 }, async () => {
    const dir = copyOfSources();
    const port = await freePort();
    const inherited = Object.entries(process.env).filter(([key]) => !/^(npm_|VITEST|NODE_ENV$|APP_ENV$)/i.test(key));
    const child = spawn("npm", ["run", "dev"], {
      cwd: dir,
      env: {
        ...Object.fromEntries(inherited),
        DATABASE_URL: `sqlite:${join(work, "shop.sqlite")}`,
        SECRET: "d".repeat(40),
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG: "silent",
        SEED: "demo",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    const base = `http://127.0.0.1:${port}`;
    try {
      await Promise.race([
        (async () => {
          while (!output.includes("Shop listening")) await new Promise((ok) => setTimeout(ok, 100));
        })(),
        exited.then((code) => {
          throw new Error(`npm run dev ended (${code}):\n${output}`);
        }),
      ]);

      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      // Development mode: no HSTS, which production pages carry.
      expect(home.headers.get("strict-transport-security")).toBeNull();
      // The route modules come from the sources through Vite, not from the build's assets …
      expect(await home.text()).toContain('from "/app/root.tsx"');
      // … transformed with Vite's client, which keeps the hot-reload socket.
      const root = await fetch(`${base}/app/root.tsx`);
      expect(root.status).toBe(200);
      expect(await root.text()).toContain("/@vite/client");
      expect((await fetch(`${base}/@vite/client`)).status).toBe(200);

      const rootFile = join(dir, "apps/storefront/app/root.tsx");
      const source = readFileSync(rootFile, "utf8");
      const marker = '<meta charSet="utf-8" />';
      expect(source).toContain(marker);
      writeFileSync(rootFile, source.replace(marker, `${marker}<meta name="dev-server-probe" content="changed" />`));
      // Vite hears of the change through the file watcher: ask until it has (the server is not restarted).
      let changed = "";
      for (let attempt = 0; attempt < 100 && !changed.includes("dev-server-probe"); attempt++) {
        await new Promise((ok) => setTimeout(ok, 200));
        changed = await (await fetch(`${base}/`)).text();
      }
      expect(changed).toContain('<meta name="dev-server-probe" content="changed"/>');
      expect(child.exitCode).toBeNull();

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
