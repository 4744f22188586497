import { EventEmitter } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The storefront as `npm run dev` serves it: from its sources, through Vite (ADR 29). */
export interface DevStorefront {
  /** The server build as Vite has it now: a changed module is loaded again on the next request. */
  build(): Promise<ServerBuild>;
  /** Where the files served at the site's root are (the build copies them into build/client). */
  publicDir: string;
  /** Vite's middlewares (modules, its client, public files) in front of the shop's listener. */
  listener(shop: Listener): Listener;
  /** The HTTP server's upgrades: Vite's hot-reload socket shares the shop's port, so `connect-src 'self'` lets it in. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/**
 * Vite's development server in middleware mode inside the shop's own process, as React Router's
 * custom-server template runs it. `onChange` hears of every changed source file: rendered pages
 * kept in the page cache are stale from then on.
 */
export async function createDevStorefront(root: string, onChange: () => void): Promise<DevStorefront> {
  // Stands in for the HTTP server, which main.ts creates after the shop: Vite only listens to its upgrades.
  const upgrades = new EventEmitter();
  const before = { sigterm: process.listeners("SIGTERM"), stdinEnd: process.stdin.listeners("end") };
  const vite = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    appType: "custom",
    server: { middlewareMode: true, ws: { server: upgrades as unknown as Server } },
  });
  // React Router's plugin starts a second Vite server (its route compiler) outside middleware mode,
  // and that one exits the process on SIGTERM or at the end of stdin: the shop's own shutdown
  // (main.ts) would never run. It closes Vite itself.
  for (const listener of process.listeners("SIGTERM")) if (!before.sigterm.includes(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end"))
    if (!before.stdinEnd.includes(listener)) process.stdin.off("end", listener as () => void);
  for (const event of ["change", "add", "unlink"]) vite.watcher.on(event, onChange);
  return {
    async build() {
      try {
        return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      } catch (err) {
        // The error names the source file and line, not Vite's transformed code.
        if (err instanceof Error) vite.ssrFixStacktrace(err);
        throw err;
      }
    },
    publicDir: join(root, "public"),
    listener: (shop) => (req, res) =>
      vite.middlewares(req, res, (err?: unknown) => {
        if (!err) return shop(req, res);
        res.statusCode = 500;
        res.end(err instanceof Error ? err.message : String(err));
      }),
    upgrade: (req, socket, head) => upgrades.emit("upgrade", req, socket, head),
    close: () => vite.close(),
  };
}
