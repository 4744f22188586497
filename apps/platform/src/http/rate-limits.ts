import { AppError } from "./app-error.ts";
import type { RequestCtx } from "./context.ts";

/**
 * Counts one hit on `key` and refuses with 429 (and Retry-After) past `limit` hits per `windowS`
 * seconds. Keys name what is limited: `login:ip:<address>`, `cart-write:<cart>`.
 */
export async function enforceLimit(ctx: RequestCtx, key: string, limit: number, windowS: number): Promise<void> {
  const decision = await ctx.limiter.hit(key, limit, windowS);
  if (!decision.allowed) throw new AppError("RATE_LIMITED", "error.rateLimited", { retryAfterS: decision.retryAfterS });
}
