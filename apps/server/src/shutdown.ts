import type { Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { ShopServer } from "./server.ts";

/**
 * A stop that loses no request (SIGTERM from a supervisor, Ctrl-C in a terminal): /readyz answers
 * 503 at once, the port takes no new connections, idle keep-alive connections are closed, the
 * requests in flight finish (each connection closed as its answer ends), then the database and Redis
 * are closed and the process exits 0. After `timeoutMs` the remaining requests are cut; a second
 * signal stops at once.
 */
export function stopGracefully(server: Server, shop: Pick<ShopServer, "health" | "logger" | "close">, timeoutMs: number): void {
  const inFlight = new Set<ServerResponse>();
  // Upgraded connections (the development server's hot-reload socket) never end by themselves: closed when draining.
  const upgraded = new Set<Duplex>();
  server.prependListener("upgrade", (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });
  // Ahead of the shop's listener, which may answer at once (the health checks).
  server.prependListener("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    // A request that arrives on an open connection while draining is answered, and its client told to go elsewhere next.
    if (shop.health.draining) res.setHeader("Connection", "close");
  });

  const stop = (signal: NodeJS.Signals) => {
    if (shop.health.draining) {
      shop.logger.warn({ event: "shutdown.now", message: `${signal} again: stopping without waiting.` });
      process.exit(1);
    }
    shop.health.drain();
    for (const socket of upgraded) socket.destroy();
    shop.logger.info({
      event: "shutdown",
      message: `${signal}: finishing ${inFlight.size} request(s) in flight within ${timeoutMs} ms; no new connections.`,
    });
    // A connection whose answer has ended is idle: closed then, so the drain does not wait for its client.
    const closeIdle = () => setImmediate(() => server.closeIdleConnections());
    for (const res of inFlight) res.once("close", closeIdle);
    server.on("request", (_req, res: ServerResponse) => res.once("close", closeIdle));
    const cut = setTimeout(() => {
      shop.logger.error({ event: "shutdown.cut", message: `${inFlight.size} request(s) still running after ${timeoutMs} ms were cut.` });
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearTimeout(cut);
      shop.close().then(
        () => {
          shop.logger.info({ event: "shutdown.done", message: "Stopped; database and Redis closed." });
          process.exit(0);
        },
        (err: unknown) => {
          shop.logger.error({
            event: "shutdown.failed",
            error: err instanceof Error ? err.message : String(err),
            stack: (err as Error)?.stack,
          });
          process.exit(1);
        },
      );
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
