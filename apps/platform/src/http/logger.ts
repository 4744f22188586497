export type LogSink = (line: string) => void;

export interface Logger {
  info(fields: Record<string, unknown>): void;
  warn(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/** `json`: one object per line, for a log collector; `pretty`: one readable line per event, for a person at a terminal. */
export type LogFormat = "json" | "pretty";

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

/** Callers pass only what is safe to keep (never bodies, tokens, passwords). */
export function createLogger(sink: LogSink = batchedStdout(), format: LogFormat = "json"): Logger {
  const write = (level: string, fields: Record<string, unknown>) => {
    const record = { time: new Date().toISOString(), level, ...fields };
    sink(format === "pretty" ? prettyLine(record) : JSON.stringify(record));
  };
  return { info: (f) => write("info", f), warn: (f) => write("warn", f), error: (f) => write("error", f) };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * One line a person reads: the time, the level, then a request as `GET /path 200 12 ms`, or an
 * event with its message, then the other fields as key=value. A stack keeps only its first frame.
 */
export function prettyLine(record: Record<string, unknown>): string {
  const { time, level, requestId, method, path, status, ms, event, message, stack, ...rest } = record;
  const parts = [String(time).slice(11, 23), String(level).toUpperCase().padEnd(5)];
  if (method !== undefined && path !== undefined) parts.push(`${method} ${path} ${status ?? ""} ${ms ?? "?"} ms`);
  if (event !== undefined) parts.push(String(event));
  if (message !== undefined) parts.push(String(message));
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    parts.push(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  const frame = typeof stack === "string" ? /\n\s*(at .*)/.exec(stack)?.[1] : undefined;
  if (frame) parts.push(`(${frame})`);
  if (typeof requestId === "string") parts.push(`[${requestId.slice(0, 8)}]`);
  return parts.join(" ").replace(/\s*\n\s*/g, " ");
}
