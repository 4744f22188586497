export type LogSink = (line: string) => void;

export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/** One JSON object per line; callers pass only what is safe to keep (never bodies, tokens, passwords). */
export function createLogger(sink: LogSink = (line) => process.stdout.write(`${line}\n`)): Logger {
  const write = (level: string, fields: Record<string, unknown>) =>
    sink(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
  return { info: (f) => write("info", f), error: (f) => write("error", f) };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
