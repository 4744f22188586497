/**
 * Runs `work` every `ms` until stopped. A tick while the last run is still going is skipped: slow
 * work (a CIS or provider that takes its time) must not pile up runs of itself. `stop` waits for
 * the run in progress, if any. Errors go to `onError`; the next tick runs again.
 */
export function repeatWithoutOverlap(ms: number, work: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = (async () => {
      try {
        await work();
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
