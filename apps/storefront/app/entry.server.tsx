import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import { type ShopContext, shopContext } from "./context.ts";

export const streamTimeout = 5000;

/** The server hands its per-request facts in through this (see apps/server). */
export function makeLoadContext(value: ShopContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(shopContext, value);
  return provider;
}

/**
 * Renders the whole document before answering. The pages have no Suspense boundaries, so streaming
 * would send the same bytes no sooner; one buffer is cheaper to make and to cache.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(shopContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
