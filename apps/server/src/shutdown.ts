import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ShopServer } from "./server.ts";

/** A connection accepted before the port closed that has sent no request yet gets this long for it (a balancer sends at once). */
const FIRST_REQUEST_GRACE_MS = 1000;

export interface StopTimes {
  /** SHUTDOWN_DELAY_MS: /readyz answers 503 while new connections are still taken, so a load balancer notices first. */
  delayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: once the port is closed, what was accepted is finished within this; the rest is cut. */
  timeoutMs: number;
}

/** One accepted connection: its requests not yet answered, and whether it has sent any. */
interface Tracked {
  open: number;
  used: boolean;
}

/**
 * A stop that resets no connection it accepted (SIGTERM from a supervisor, Ctrl-C in a terminal):
 * /readyz answers 503 at once while the port still takes connections for `delayMs` (the balancer
 * stops sending meanwhile, and the kernel's accept queue is emptied); every answer from then on
 * says `Connection: close`. Then the port closes: a connection with a request in flight is closed
 * after its answer, an idle kept-alive one at once, one that has sent nothing yet after a short grace
 * for its request. When the last is gone, the database and Redis are closed and the process exits 0.
 * `timeoutMs` after the port closed the remaining requests are cut; a second signal stops at once.
 *
 * Node's `server.close()` is not used: it closes the idle kept-alive connections at the signal, and
 * a client's request already on its way on one of them is reset.
 */
export function stopGracefully(server: Server, shop: Pick<ShopServer, "health" | "logger" | "close">, times: StopTimes): void {
  const connections = new Map<Socket, Tracked>();
  let accepting = true;
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { open: 0, used: false });
    socket.once("close", () => connections.delete(socket));
  });
  // Upgraded connections (the development server's hot-reload socket) never end by themselves: closed when draining.
  const upgraded = new Set<Duplex>();
  server.prependListener("upgrade", (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });
  // Ahead of the shop's listener, which may answer at once (the health checks).
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    const tracked = connections.get(socket);
    if (tracked) {
      tracked.open++;
      tracked.used = true;
    }
    // While draining, each answer tells its client to go elsewhere next; Node closes the connection after it.
    if (shop.health.draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      if (!tracked) return;
      tracked.open--;
      // Begun before the signal (kept alive): closed once its answer has gone, when the port is already closed.
      if (!accepting && tracked.open === 0) socket.destroySoon();
    });
  });

  const inFlight = () => [...connections.values()].reduce((sum, c) => sum + c.open, 0);

  const stopAccepting = () => {
    accepting = false;
    for (const socket of upgraded) socket.destroy();
    shop.logger.info({
      event: "shutdown.drain",
      message: `No new connections; finishing ${inFlight()} request(s) on ${connections.size} connection(s) within ${times.timeoutMs} ms.`,
    });
    const cut = setTimeout(() => {
      shop.logger.error({ event: "shutdown.cut", message: `${inFlight()} request(s) still running after ${times.timeoutMs} ms were cut.` });
      for (const socket of connections.keys()) socket.destroy();
    }, times.timeoutMs);
    // The listener only; its callback comes once every connection is closed.
    NetServer.prototype.close.call(server, () => {
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
    for (const [socket, tracked] of connections) {
      if (tracked.open > 0) continue;
      // Kept alive and idle: the balancer has stopped sending on it by now.
      if (tracked.used) socket.destroySoon();
      else {
        setTimeout(() => {
          if (!tracked.used) socket.destroy();
        }, FIRST_REQUEST_GRACE_MS).unref();
      }
    }
  };

  const stop = (signal: NodeJS.Signals) => {
    if (shop.health.draining) {
      shop.logger.warn({ event: "shutdown.now", message: `${signal} again: stopping without waiting.` });
      process.exit(1);
    }
    shop.health.drain();
    for (const socket of upgraded) socket.destroy();
    shop.logger.info({
      event: "shutdown",
      message: `${signal}: /readyz answers 503; connections are taken for ${times.delayMs} ms more, ${inFlight()} request(s) in flight.`,
    });
    setTimeout(stopAccepting, times.delayMs);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
