/**
 * How a bench runs as a command: its cleanup (stopping the shops and browsers it started) runs on
 * the way out, also on Ctrl-C or SIGTERM; only a bench that crashed exits non-zero, with the stack.
 */
export async function runBench(failure: string, main: () => Promise<void>, cleanup: () => Promise<void>): Promise<void> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void cleanup().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err) {
    process.exitCode = 1;
    process.stderr.write(`${failure}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  } finally {
    await cleanup();
  }
}
