import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, withEnvFile } from "./config.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-env-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("settings from .env", () => {
  it("fills what the environment leaves unset, and a real variable wins", () => {
    const file = join(dir, ".env");
    writeFileSync(
      file,
      [
        "# the operator's settings",
        `DATABASE_URL=sqlite:${join(dir, "shop.sqlite")}`,
        "PORT=4001",
        "SEED=none",
        'PAGE_CACHE="off"',
        `SECRET=${"f".repeat(40)}`,
      ].join("\n"),
    );
    const config = loadConfig(withEnvFile({ PORT: "4002", SEED: "", SECRET: "e".repeat(40) }, file));
    expect(config.port).toBe(4002);
    expect(config.secret).toBe("e".repeat(40));
    // An empty variable is unset, so the file's value applies.
    expect(config.seed).toBe("none");
    expect(config.pageCache).toBe(false);
    expect(config.databaseUrl).toBe(`sqlite:${join(dir, "shop.sqlite")}`);
  });

  it("leaves the environment as it is without a file", () => {
    const env = { PORT: "4003" };
    expect(withEnvFile(env, join(dir, "missing.env"))).toBe(env);
  });

  it("names a .env that cannot be read", () => {
    const folder = join(dir, "folder.env");
    mkdirSync(folder);
    expect(() => withEnvFile({}, folder)).toThrow(ConfigError);
    expect(() => withEnvFile({}, folder)).toThrow(`${folder} cannot be read (EISDIR)`);
  });
});
