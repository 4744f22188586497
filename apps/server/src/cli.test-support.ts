import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "cli.ts");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node apps/server/src/cli.ts <args>` as the npm scripts do, with `env` over the test's environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, LOG: "silent", ...env }, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("exit", (code) => done({ code, stdout, stderr }));
  });
}
