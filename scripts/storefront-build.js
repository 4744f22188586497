// Builds the storefront and tells a current build from a stale one (ADR 29). Plain JavaScript on
// purpose: `npm start` runs it as `prestart` on a production install, which has no devDependencies
// (no TypeScript stripping is needed, but neither is any build tool there).
//
//   node scripts/storefront-build.js             build, then stamp the build with its sources' hash
//   node scripts/storefront-build.js --if-stale  build only when the stamp is missing or differs
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STOREFRONT = join(ROOT, "apps/storefront");
const BUILD_DIR = join(STOREFRONT, "build");
const STAMP = join(BUILD_DIR, ".sources.sha256");
/** What the build reads: the storefront, the two packages it imports (docs/README.md) and the locked dependencies. */
const SOURCES = [STOREFRONT, join(ROOT, "packages/contracts"), join(ROOT, "packages/i18n"), join(ROOT, "package-lock.json")];
/** Outputs and installs inside those folders, never inputs. */
const SKIPPED = new Set(["node_modules", "build", ".react-router"]);
const BUILD_TOOL = join(ROOT, "node_modules/.bin/react-router");

function filesOf(path) {
  if (!existsSync(path)) return [];
  const entries = readdirSync(path, { withFileTypes: true });
  return entries.flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = join(path, entry.name);
    return entry.isDirectory() ? filesOf(full) : [full];
  });
}

/**
 * The hash of every source file's path and content. Contents, not times: a git clone, a Docker
 * COPY and a copied build all keep the same bytes but not the same modification times.
 */
function sourcesHash() {
  const hash = createHash("sha256");
  const files = SOURCES.flatMap((source) => (source.endsWith(".json") ? (existsSync(source) ? [source] : []) : filesOf(source))).sort();
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function build() {
  // Taken before the build: a file edited while it runs leaves the stamp behind, so the next start builds again.
  const hash = sourcesHash();
  // On this Node, whichever `node` the PATH names: a prestart run straight from a shell may find an older one.
  const run = spawnSync(process.execPath, [realpathSync(BUILD_TOOL), "build", STOREFRONT], { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(STAMP, `${hash}\n`);
}

/** The Node major version `engines.node` asks for (">=24"), so an older Node is refused in one line. */
function requiredNodeMajor() {
  const range = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines?.node ?? "";
  const major = /^>=\s*(\d+)/.exec(range)?.[1];
  return major === undefined ? 0 : Number(major);
}

function buildIfStale() {
  const required = requiredNodeMajor();
  const running = Number(process.versions.node.split(".")[0]);
  if (running < required) {
    fail(
      `Node ${required} or newer is needed (this is Node ${process.versions.node}). Install it, or run \`npm install\` in a development tree to get the project's own.`,
    );
  }
  const stamp = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : null;
  if (stamp !== null && stamp === sourcesHash()) return;
  const state = existsSync(join(BUILD_DIR, "server/index.js")) ? "older than its sources" : "missing";
  if (!existsSync(BUILD_TOOL)) {
    fail(
      `The storefront build is ${state}, and the build tools (devDependencies) are not installed: run \`npm install\` and \`npm run build\`, then start again.`,
    );
  }
  process.stdout.write(`The storefront build is ${state}: building it first.\n`);
  build();
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (process.argv.includes("--if-stale")) buildIfStale();
else build();
