import type { IncomingMessage } from "node:http";

/** The names every machine gives itself. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Where a page opened under another name of this machine belongs (issue 25). A shop at
 * `http://localhost:3000` answers at `http://127.0.0.1:3000` too, but its cookies stay with the
 * name the visitor used while the card provider's way back, the e-mails' links and the form check
 * use `PUBLIC_URL`'s: a checkout started under the other name could never come back to its order.
 * Only loopback names on the same port and scheme are moved; any other address is the proxy's or
 * the administrator's to set (`PUBLIC_URL`).
 */
export function loopbackAlias(url: URL, publicUrl: URL): string | null {
  if (!LOOPBACK.has(publicUrl.hostname) || !LOOPBACK.has(url.hostname)) return null;
  if (url.hostname === publicUrl.hostname || url.port !== publicUrl.port || url.protocol !== publicUrl.protocol) return null;
  return `${publicUrl.origin}${url.pathname}${url.search}`;
}

/** The alias of a page a browser opens (GET or HEAD asking for HTML); API calls, media and files stay where they were asked. */
export function pageAddressAlias(req: IncomingMessage, publicUrl: URL): string | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || !req.headers.accept?.includes("text/html")) return null;
  const base = `http://${req.headers.host ?? ""}`;
  return URL.canParse(req.url ?? "/", base) ? loopbackAlias(new URL(req.url ?? "/", base), publicUrl) : null;
}
