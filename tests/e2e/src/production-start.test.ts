import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyWorkingTree, REPO } from "../../../apps/server/src/source-copy.test-support.ts";
import { freePort } from "./support/server.ts";

/**
 * The Dockerfile's steps, run here outside a container (no image registry is reachable from these
 * machines): its build stage, its runtime stage, then its command, on the Node version the image
 * and the project name. The steps are read from the Dockerfile itself, so the two cannot drift.
 */

const NODE_IMAGE = "node:24-slim";
const work = mkdtempSync(join(tmpdir(), "shop-production-start-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Stage {
  from: string;
  instructions: { op: string; args: string }[];
}

/** The Dockerfile's stages and their instructions: continued lines joined, comments left out. */
function dockerStages(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  for (const line of logical) {
    const [op = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (op === "FROM") stages.push({ from: args, instructions: [] });
    else stages.at(-1)?.instructions.push({ op, args });
  }
  return stages;
}

const npmSteps = (stage: Stage) => stage.instructions.filter((i) => i.op === "RUN" && i.args.startsWith("npm ")).map((i) => i.args);

/**
 * The environment of a step: this machine's PATH behind a folder whose `node` is the project's Node
 * 24 (this test runs on it), as the image's PATH has its Node; none of npm's or Vitest's variables.
 */
function stepEnv(): NodeJS.ProcessEnv {
  const bin = join(work, "bin");
  mkdirSync(bin, { recursive: true });
  if (!existsSync(join(bin, "node"))) symlinkSync(process.execPath, join(bin, "node"));
  const inherited = Object.entries(process.env).filter(([key]) => !/^(npm_|VITEST|NODE_ENV$|NODE_OPTIONS$)/i.test(key));
  return { ...Object.fromEntries(inherited), PATH: `${bin}:${process.env.PATH ?? ""}` };
}

function run(command: string, cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn("sh", ["-c", command], { cwd, env: stepEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`\`${command}\` failed (${code}):\n${output.slice(-3000)}`))));
  });
}

function waitFor(child: ChildProcess, output: () => string, text: string): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      if (output().includes(text)) {
        clearInterval(timer);
        done();
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(timer);
      fail(new Error(`npm start ended (${code}) before saying "${text}":\n${output()}`));
    });
  });
}

describe("production start", () => {
  const dockerfile = readFileSync(join(REPO, "Dockerfile"), "utf8");
  const [buildStage, runtimeStage] = dockerStages(dockerfile);

  it("states one Node version in the image, engines and .node-version", () => {
    const major = NODE_IMAGE.split(":")[1]?.split("-")[0];
    expect(buildStage?.from).toBe(`${NODE_IMAGE} AS build`);
    expect(runtimeStage?.from).toBe(NODE_IMAGE);
    expect(readFileSync(join(REPO, ".node-version"), "utf8").trim()).toBe(major);
    expect(JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).engines.node).toBe(`>=${major}`);
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(Number(major));
  });

  it("builds, installs without devDependencies and starts as the Dockerfile does", { timeout: 600_000 }, async () => {
    if (!buildStage || !runtimeStage) throw new Error("The Dockerfile has no build stage and runtime stage.");
    // The image's steps, as the Dockerfile writes them.
    expect(npmSteps(buildStage)).toEqual(["npm install --no-audit --no-fund", "npm run build"]);
    expect(npmSteps(runtimeStage)).toEqual(["npm install --omit=dev --no-audit --no-fund"]);
    const copied = runtimeStage.instructions.find((i) => i.op === "COPY" && i.args.startsWith("--from=build"));
    expect(copied?.args).toBe("--from=build /app/apps/storefront/build apps/storefront/build");
    expect(runtimeStage.instructions.find((i) => i.op === "USER")?.args).toBe("node");
    const command = runtimeStage.instructions.find((i) => i.op === "CMD")?.args;
    expect(command).toBe('["npm", "start"]');

    const buildDir = join(work, "build-stage");
    const appDir = join(work, "runtime-stage");
    copyWorkingTree(buildDir);
    copyWorkingTree(appDir);
    // The two stages are independent until the copy, as BuildKit runs them.
    await Promise.all([
      (async () => {
        for (const step of npmSteps(buildStage)) await run(step, buildDir);
      })(),
      (async () => {
        for (const step of npmSteps(runtimeStage)) await run(step, appDir);
      })(),
    ]);
    cpSync(join(buildDir, "apps/storefront/build"), join(appDir, "apps/storefront/build"), { recursive: true });
    for (const devOnly of ["vite", "@react-router/dev", "node", "vitest"])
      expect(existsSync(join(appDir, "node_modules", devOnly))).toBe(false);

    // The operator's .env gives the secret; the real PORT wins over the file's.
    const port = await freePort();
    const secret = "p".repeat(40);
    writeFileSync(join(appDir, ".env"), `SECRET=${secret}\nPORT=1\nSEED=demo\n`);
    const child = spawn("npm", ["start"], {
      cwd: appDir,
      env: { ...stepEnv(), PORT: String(port), HOST: "127.0.0.1", LOG: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(child, () => output, "Shop listening");
      expect(output).not.toContain("building it first");
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toMatch(/"\/assets\/[^"]+\.js"/);
      // The secret came from .env, so none was generated beside the data.
      expect(existsSync(join(appDir, "data/.secret"))).toBe(false);
      // npm passes the container's stop signal on to the server.
      const exit = new Promise<number | null>((done) => child.once("exit", done));
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
