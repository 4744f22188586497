import { createLogger, prettyLine } from "@shop/platform/http/logger.ts";
import { describe, expect, it } from "vitest";
import { pageRequest, routeConsoleTo } from "./log.ts";

describe("one log stream", () => {
  it("turns console lines into records: an error's stack inside its record, the page's request id on what a render writes", () => {
    const lines: string[] = [];
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    try {
      routeConsoleTo(createLogger((line) => lines.push(line)));
      pageRequest.run("view-42", () => console.error(new Error("loader failed")));
      console.warn("[cart] cart not loaded: %d %s", 500, "Internal");
    } finally {
      Object.assign(console, saved);
    }
    expect(lines).toHaveLength(2);
    const [error, warning] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(error).toMatchObject({ level: "error", requestId: "view-42", message: "loader failed" });
    expect(String(error?.stack)).toMatch(/^Error: loader failed\n\s+at /);
    expect(warning).toMatchObject({ level: "warn", message: "[cart] cart not loaded: 500 Internal" });
    expect(warning).not.toHaveProperty("requestId");
  });

  it("writes one readable line per event for a person at a terminal", () => {
    const request = {
      time: "2026-11-26T16:21:56.875Z",
      level: "info",
      requestId: "8f3a9c2e-1111",
      method: "GET",
      path: "/en",
      status: 200,
      ms: 12.5,
      cache: "miss",
    };
    expect(prettyLine(request)).toBe("16:21:56.875 INFO  GET /en 200 12.5 ms cache=miss [8f3a9c2e]");
    const event = {
      time: "2026-11-26T16:21:57.000Z",
      level: "error",
      event: "crash",
      error: "boom",
      stack: "Error: boom\n    at main (file:///app/main.ts:3:9)\n    at next (file:///app/x.ts:1:1)",
    };
    expect(prettyLine(event)).toBe("16:21:57.000 ERROR crash error=boom (at main (file:///app/main.ts:3:9))");
    expect(prettyLine({ time: "2026-11-26T16:21:58.000Z", level: "info", message: "two\nlines" })).toBe("16:21:58.000 INFO  two lines");
  });
});
