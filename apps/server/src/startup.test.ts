import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { NO_SHOP_YET } from "./startup-error.ts";

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "main.ts");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "shop-start-"));
  dirs.push(dir);
  return dir;
}

/** Starts the server as `npm start` does and waits for it to stop on its own. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((done) => {
    // In a folder of its own: no .env of a developer's checkout, no ./data of theirs.
    const child = spawn(process.execPath, [MAIN], {
      cwd: tempDir(),
      env: { ...process.env, LOG: "silent", SEED: "none", ...env },
      stdio: "pipe",
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("exit", (code) => done({ code, stderr, stdout }));
  });
}

const lines = (text: string) => text.trim().split("\n").filter(Boolean);

describe("a start that cannot go on says why in one line", () => {
  it("refuses a DATABASE_URL whose directory does not exist, and creates nothing there", async () => {
    const missing = join(tempDir(), "volume-not-mounted");
    const settings: Record<string, string>[] = [{ SECRET: "s".repeat(40) }, {}];
    for (const extra of settings) {
      const run = await start({ DATABASE_URL: `sqlite:${join(missing, "shop.sqlite")}`, ...extra });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toHaveLength(1);
      expect(run.stderr).toContain(`DATABASE_URL: the directory ${missing} does not exist`);
      expect(run.stdout).not.toContain("Demo data created");
      expect(run.stdout).not.toContain("Shop listening");
      expect(existsSync(missing)).toBe(false);
    }
  });

  it("names PORT when another program holds the port", async () => {
    const holder: Server = createServer();
    await new Promise<void>((ok) => holder.listen(0, "127.0.0.1", ok));
    const port = (holder.address() as { port: number }).port;
    try {
      const run = await start({
        DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`,
        SECRET: "s".repeat(40),
        HOST: "127.0.0.1",
        PORT: String(port),
        SEED: "demo",
      });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([`PORT: port ${port} is already in use by another program; stop it or start with another PORT.`]);
    } finally {
      holder.close();
    }
  });

  it("names the bad setting in one line for a database that cannot be opened", async () => {
    // A directory where the database file should be.
    const dir = tempDir();
    const run = await start({ DATABASE_URL: `sqlite:${dir}`, SECRET: "s".repeat(40) });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`^DATABASE_URL: ${dir} (cannot be opened|takes no writes)`));
  });

  it("names DATABASE_URL in one line when the database server cannot be reached", async () => {
    // Nothing listens on port 1.
    const run = await start({ DATABASE_URL: "postgres://shop:secret-password@127.0.0.1:1/shop", SECRET: "s".repeat(40) });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "DATABASE_URL: the database at 127.0.0.1:1/shop cannot be reached (connect ECONNREFUSED 127.0.0.1:1).",
    ]);
    expect(run.stdout).toBe("");
  });

  it("names REDIS_URL in one line when Redis does not answer, before it seeds anything", async () => {
    const dir = tempDir();
    const run = await start({
      DATABASE_URL: `sqlite:${join(dir, "shop.sqlite")}`,
      SECRET: "s".repeat(40),
      SEED: "demo",
      LOG: "json",
      REDIS_URL: "redis://:secret-password@127.0.0.1:1",
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "REDIS_URL: Redis at redis://:***@127.0.0.1:1 does not answer (connect ECONNREFUSED 127.0.0.1:1); start it, or unset REDIS_URL for a single instance.",
    ]);
    // The demo's passwords are shown only on the start that seeds: this one must not have.
    expect(run.stdout).toBe("");
  });

  it("names the payment variable of a partial set, and refuses the emulator on a public production shop", async () => {
    const base = { DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`, SECRET: "s".repeat(40), APP_ENV: "production" };
    const partial = await start({ ...base, PAYMENT_PROVIDER: "monri", MONRI_KEY: "key" });
    expect(partial.code).toBe(1);
    expect(lines(partial.stderr)).toEqual(["MONRI_AUTHENTICITY_TOKEN: must be set together with MONRI_KEY"]);
    const published = await start({ ...base, PUBLIC_URL: "https://www.autopraonica-zagreb.hr" });
    expect(published.code).toBe(1);
    expect(lines(published.stderr)).toHaveLength(1);
    expect(published.stderr).toMatch(
      /^PAYMENT_PROVIDER: a production shop at https:\/\/www\.autopraonica-zagreb\.hr cannot take card payments/,
    );
  });

  it("names the fiscal variable of a partial set, and refuses the CIS emulator on a public production shop", async () => {
    const base = { DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`, SECRET: "s".repeat(40), APP_ENV: "production" };
    const partial = await start({ ...base, FISCAL_OIB: "69435151530" });
    expect(partial.code).toBe(1);
    expect(lines(partial.stderr)).toEqual(["FISCAL_CERT: must be set together with FISCAL_OIB"]);
    const published = await start({ ...base, PUBLIC_URL: "https://www.autopraonica-zagreb.hr", PAYMENT_PROVIDER: "none" });
    expect(published.code).toBe(1);
    expect(lines(published.stderr)).toHaveLength(1);
    expect(published.stderr).toMatch(/^FISCAL: a production shop at https:\/\/www\.autopraonica-zagreb\.hr cannot fiscalise receipts/);
  });

  it("names the social login variable of a partial set in one line", async () => {
    const run = await start({
      DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`,
      SECRET: "s".repeat(40),
      OIDC_GOOGLE_CLIENT_ID: "id",
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual(["OIDC_GOOGLE_CLIENT_SECRET: must be set for the provider GOOGLE"]);
  });

  it("says how to fill an empty database that is not to be seeded", async () => {
    const run = await start({ DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`, SECRET: "s".repeat(40), SEED: "none" });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([NO_SHOP_YET]);
  });

  it("never makes a demo shop by itself where a database or production is configured: a deployment fills it on purpose", async () => {
    // SEED unset (start() sets none for the other tests); server.test.ts has the other cases of the rule.
    const run = await start({ DATABASE_URL: `sqlite:${join(tempDir(), "shop.sqlite")}`, SECRET: "s".repeat(40), SEED: "" });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([NO_SHOP_YET]);
    expect(run.stdout).not.toContain("Demo data created");
  });
});

/** Starts the server as `npm start` does and reads what it says until it listens; then stops it. */
function startUntilListening(env: Record<string, string>): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: tempDir(),
      env: { ...process.env, LOG: "silent", SEED: "site", HOST: "127.0.0.1", PORT: "0", SECRET: "s".repeat(40), ...env },
      stdio: "pipe",
    });
    let stdout = "";
    let asked = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /Shop listening on \S+ \(port (\d+)\)/.exec(stdout)?.[1];
      if (!port || asked) return;
      asked = true;
      // An answer comes after the listening callback has run to its end: every line of the start is out.
      void fetch(`http://127.0.0.1:${port}/healthz`).finally(() => child.kill("SIGKILL"));
    });
    child.on("close", () => done(stdout));
  });
}

describe("a start says what a person must know", () => {
  const line =
    /^Several instances: the payment emulator keeps its payments in this instance's memory, so one instance must serve \/__emulator\/ /m;

  const database = () => `sqlite:${join(tempDir(), "shop.sqlite")}`;

  // Each start migrates and seeds a database of its own: seconds on a loaded machine.
  it("says in one line that one instance must serve /__emulator/ when the emulator runs with a REDIS_URL", async () => {
    const several = await startUntilListening({ DATABASE_URL: database(), REDIS_URL: "redis://127.0.0.1:6379" });
    expect(several).toMatch(/Card payments go to the built-in \w+ emulator/);
    expect(lines(several).filter((l) => line.test(l))).toHaveLength(1);
  }, 60_000);

  it("says nothing of it for one instance (no Redis, SQLite), or without the emulator", async () => {
    const single = await startUntilListening({ DATABASE_URL: database() });
    expect(single).toMatch(/Card payments go to the built-in \w+ emulator/);
    expect(single).not.toMatch(line);
    const withoutEmulator = await startUntilListening({
      DATABASE_URL: database(),
      REDIS_URL: "redis://127.0.0.1:6379",
      PAYMENT_PROVIDER: "none",
    });
    expect(withoutEmulator).toContain("Shop listening");
    expect(withoutEmulator).not.toMatch(line);
  }, 60_000);
});
