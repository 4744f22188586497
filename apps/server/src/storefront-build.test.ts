import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const work = mkdtempSync(join(tmpdir(), "shop-storefront-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A small tree with the real script and package.json, and a stand-in for React Router's build
 * command that writes a server build and counts its runs (the real one takes a minute).
 */
function tree(): string {
  const dir = join(work, "tree");
  cpSync(join(REPO, "scripts"), join(dir, "scripts"), { recursive: true });
  cpSync(join(REPO, "package.json"), join(dir, "package.json"));
  writeFileSync(join(dir, "package-lock.json"), "{}\n");
  for (const folder of ["apps/storefront/app", "packages/contracts/src", "packages/i18n/src", "packages/db/src"]) {
    mkdirSync(join(dir, folder), { recursive: true });
  }
  writeFileSync(join(dir, "apps/storefront/app/root.tsx"), "export default 1;\n");
  writeFileSync(join(dir, "packages/contracts/src/index.ts"), "export const a = 1;\n");
  writeFileSync(join(dir, "packages/i18n/src/index.ts"), "export const b = 1;\n");
  writeFileSync(join(dir, "packages/db/src/index.ts"), "export const c = 1;\n");
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  writeFileSync(
    join(dir, "node_modules/.bin/react-router"),
    [
      'import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";',
      'const out = process.argv[3] + "/build/server";',
      "mkdirSync(out, { recursive: true });",
      'writeFileSync(out + "/index.js", "export {};\\n");',
      'appendFileSync(process.argv[3] + "/../../builds.log", "build\\n");',
    ].join("\n"),
  );
  return dir;
}

function script(dir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [join(dir, "scripts/storefront-build.js"), ...args], { cwd: dir, encoding: "utf8" });
  return { code: run.status, out: run.stdout + run.stderr };
}

const builds = (dir: string) =>
  existsSync(join(dir, "builds.log")) ? readFileSync(join(dir, "builds.log"), "utf8").split("\n").length - 1 : 0;

describe("the storefront build's staleness check (prestart)", () => {
  it("builds when missing or changed, starts at once when current, and names the missing build tools", () => {
    const dir = tree();
    expect(script(dir, "--if-stale")).toEqual({ code: 0, out: "The storefront build is missing: building it first.\n" });
    expect(builds(dir)).toBe(1);
    expect(readFileSync(join(dir, "apps/storefront/build/.sources.sha256"), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);

    // Current: nothing is built, nothing is said.
    expect(script(dir, "--if-stale")).toEqual({ code: 0, out: "" });
    // Code the storefront does not import changes nothing.
    appendFileSync(join(dir, "packages/db/src/index.ts"), "export const d = 2;\n");
    expect(script(dir, "--if-stale")).toEqual({ code: 0, out: "" });
    expect(builds(dir)).toBe(1);

    for (const source of [
      "apps/storefront/app/root.tsx",
      "packages/contracts/src/index.ts",
      "packages/i18n/src/index.ts",
      "package-lock.json",
    ]) {
      appendFileSync(join(dir, source), "\n");
      expect(script(dir, "--if-stale")).toEqual({ code: 0, out: "The storefront build is older than its sources: building it first.\n" });
    }
    expect(builds(dir)).toBe(5);

    // A production install: no build tools.
    rmSync(join(dir, "node_modules"), { recursive: true });
    expect(script(dir, "--if-stale")).toEqual({ code: 0, out: "" });
    appendFileSync(join(dir, "apps/storefront/app/root.tsx"), "\n");
    const refused = script(dir, "--if-stale");
    expect(refused.code).toBe(1);
    expect(refused.out).toBe(
      "The storefront build is older than its sources, and the build tools (devDependencies) are not installed: run `npm install` and `npm run build`, then start again.\n",
    );
    expect(builds(dir)).toBe(5);
  });
});
