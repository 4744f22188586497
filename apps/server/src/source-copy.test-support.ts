import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Copies what a fresh clone holds into `to`: the tracked files and new ones git does not ignore. */
export function copyWorkingTree(to: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(REPO, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(REPO, file), join(to, file));
  }
}
