import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseChromium } from "./support/browser.ts";

describe("the journeys' browser", () => {
  it("takes CHROMIUM_PATH first", async () => {
    expect(await chooseChromium({ CHROMIUM_PATH: process.execPath })).toEqual({ path: process.execPath, source: "CHROMIUM_PATH" });
  });

  it("names all three ways to get one when CHROMIUM_PATH points nowhere", async () => {
    const failure = chooseChromium({ CHROMIUM_PATH: "/nowhere/chromium" });
    await expect(failure).rejects.toThrow(/CHROMIUM_PATH=\/nowhere\/chromium/);
    await expect(failure).rejects.toThrow(/system Chromium \(\/usr\/bin\/chromium/);
    await expect(failure).rejects.toThrow(/@sparticuz\/chromium/);
  });

  it("without CHROMIUM_PATH finds a system Chromium or unpacks the packaged one", async () => {
    const { path, source } = await chooseChromium({});
    expect(existsSync(path)).toBe(true);
    expect(source).toBe(existsSync("/usr/bin/chromium") ? "system" : "@sparticuz/chromium");
  });
});
