import { randomUUID } from "node:crypto";
import { DEFAULT_LOCALE, localizedPath, toLocale } from "@shop/contracts";
import type { Hono } from "hono";
import { PaymentSignatureError } from "../../adapters/payments/index.ts";
import type { HonoEnv, PlatformDeps, RequestCtx } from "../../http/context.ts";
import { runNow } from "../../http/transaction.ts";
import { findSiteByApiKey, firstSiteApiKey } from "../settings/index.ts";
import { buyerReturn } from "./payment-returns.ts";
import { PAYMENT_ROUTE, settle } from "./payments.service.ts";

/** Providers post small forms and JSON; anything larger is not theirs. */
const MAX_BODY = 64 * 1024;

/** A context for what no shop visitor asked for: provider messages and the background jobs (the shop's own site). */
export async function systemCtx(deps: PlatformDeps, requestId: string = randomUUID()): Promise<RequestCtx> {
  const site = await findSiteByApiKey(deps.db, (await firstSiteApiKey(deps.db)) ?? "");
  return {
    ...deps,
    requestId,
    locale: DEFAULT_LOCALE,
    ip: "provider",
    site: site ?? { id: 0, name: "", url: deps.config.publicUrl, defaultLanguage: DEFAULT_LOCALE },
    user: null,
    afterCommit: runNow,
  };
}

/**
 * The provider's side of a card payment, outside the apiKey check: the buyer's browser coming back
 * (return, cancel) and the provider's server-to-server callback. Every message is verified by the
 * adapter; a callback is settled by `settle` and gets 200 for anything verified (repeats included)
 * so the provider stops; the browser lands where `buyerReturn` says.
 */
export function mountPaymentRoutes(app: Hono<HonoEnv>, deps: PlatformDeps): void {
  app.on(["GET", "POST"], `${PAYMENT_ROUTE}/:provider/:event{return|cancel|callback}`, async (c) => {
    const provider = deps.payments;
    if (!provider || c.req.param("provider") !== provider.name) return c.text("Not found", 404);
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_BODY) return c.text("Too large", 413);
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    if (rawBody.byteLength > MAX_BODY) return c.text("Too large", 413);
    const incoming = new URL(c.req.url);
    // Monri signs the address the browser used: the public one, whatever proxy is in front.
    const url = `${deps.config.publicUrl}${incoming.pathname}${incoming.search}`;
    const ctx = await systemCtx(deps, c.get("requestId"));
    const request = { method: c.req.method, url, headers: c.req.raw.headers, rawBody };
    const event = c.req.param("event");
    try {
      if (event === "callback") {
        await settle(ctx, provider, provider.verifyCallback(request), "callback");
        return c.text("OK");
      }
      const { page, order } = await buyerReturn(ctx, provider, provider.verifyReturn(request), event);
      const path = localizedPath(page, toLocale(order?.language_code) ?? DEFAULT_LOCALE);
      return c.redirect(`${deps.config.publicUrl}${path}?orderSlug=${encodeURIComponent(order?.code ?? "")}`, 303);
    } catch (error) {
      if (!(error instanceof PaymentSignatureError)) throw error;
      ctx.logger.error({
        requestId: ctx.requestId,
        event: "payment.signature_refused",
        provider: provider.name,
        kind: event,
        error: error.message,
      });
      if (event === "callback") return c.text("Bad signature", 400);
      return c.redirect(`${deps.config.publicUrl}${localizedPath("checkoutFailure", DEFAULT_LOCALE)}`, 303);
    }
  });
}
