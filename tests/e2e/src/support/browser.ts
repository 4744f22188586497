import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Where a system Chromium usually lives (Debian/Ubuntu packages, Fedora, Homebrew on macOS). */
const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/lib64/chromium-browser/chromium-browser",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** Quiet on a closed network: without the networking flags Chromium keeps calling home. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface ChromiumChoice {
  readonly path: string;
  readonly source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
}

/**
 * The one place that picks the journeys' browser: `CHROMIUM_PATH`, else a system Chromium, else the
 * headless Chromium packaged in the `@sparticuz/chromium` devDependency (unpacked once into the
 * temp directory), so `npm test` needs nothing but Node and npm.
 */
export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist. ${HOW_TO_GET_ONE}`);
    return { path: configured, source: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return { path: system, source: "system" };
  try {
    const packaged = (await import("@sparticuz/chromium")).default;
    return { path: await packaged.executablePath(), source: "@sparticuz/chromium" };
  } catch (error) {
    throw new Error(`No Chromium found and the packaged one failed to unpack (${String(error)}). ${HOW_TO_GET_ONE}`);
  }
}

const HOW_TO_GET_ONE =
  "The browser journeys look for, in this order: CHROMIUM_PATH (a Chromium executable), a system Chromium " +
  `(${SYSTEM_CHROMIUM[0]}, e.g. apt-get install chromium), and the packaged @sparticuz/chromium ` +
  "(a devDependency: run npm install).";

let chosen: Promise<ChromiumChoice> | undefined;

export async function launchBrowser(): Promise<Browser> {
  chosen ??= chooseChromium();
  const { path, source } = await chosen;
  try {
    return await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    const unpacked = source === "@sparticuz/chromium" ? ` If an earlier unpack was interrupted, delete ${join(tmpdir(), "chromium")}.` : "";
    throw new Error(`Chromium from ${source} (${path}) did not start: ${String(error)}.${unpacked} ${HOW_TO_GET_ONE}`);
  }
}
