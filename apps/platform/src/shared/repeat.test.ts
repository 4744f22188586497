import { afterEach, describe, expect, it, vi } from "vitest";
import { repeatWithoutOverlap } from "./repeat.ts";

describe("repeatWithoutOverlap", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("skips ticks while a run is going, runs again after it, and stop waits for the run in progress", async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let runs = 0;
    const finishers: (() => void)[] = [];
    const stop = repeatWithoutOverlap(
      10,
      async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => finishers.push(resolve));
        active--;
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(55);
    expect(runs).toBe(1);
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(2);
    expect(most).toBe(1);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(stopped).toBe(false);
    expect(runs).toBe(2);
    finishers.shift()?.();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("reports a failed run and runs again on the next tick", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const stop = repeatWithoutOverlap(
      10,
      async () => {
        runs++;
        if (runs === 1) throw new Error("CIS is down");
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(25);
    expect(runs).toBe(2);
    expect(errors.map(String)).toEqual(["Error: CIS is down"]);
    await stop();
  });
});
