import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import type { Logger } from "@shop/platform/http/logger.ts";

/** The request id of the page being rendered, for what its code writes to the console. */
export const pageRequest = new AsyncLocalStorage<string>();

/**
 * The storefront's and the libraries' console lines (React Router prints a loader's error with
 * console.error) become records of the one log: an error's stack goes inside its record instead of
 * raw lines between the JSON ones, and a line written while a page renders carries its request id.
 */
export function routeConsoleTo(logger: Logger): void {
  const to =
    (level: keyof Logger) =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      const text = format(...args.filter((a) => a !== error));
      logger[level]({
        requestId: pageRequest.getStore(),
        message: error ? [text, error.message].filter(Boolean).join(" ") : text,
        stack: error?.stack,
      });
    };
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
}
