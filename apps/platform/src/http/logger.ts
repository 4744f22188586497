export type LogSink = (line: string) => void;

export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/**
 * Lines written in one batch per event-loop turn: under load, one system call carries hundreds of
 * lines instead of one each. Flushed on exit.
 */
function batchedStdout(): LogSink {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    process.stdout.write(chunk);
  };
  process.once("exit", flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(`${line}\n`);
  };
}

/** One JSON object per line; callers pass only what is safe to keep (never bodies, tokens, passwords). */
export function createLogger(sink: LogSink = batchedStdout()): Logger {
  const write = (level: string, fields: Record<string, unknown>) =>
    sink(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
  return { info: (f) => write("info", f), error: (f) => write("error", f) };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
