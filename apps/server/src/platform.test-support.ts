import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { TestPlatform } from "@shop/platform/test-support.ts";
import type { ShopServer } from "./server.ts";

let ip = 0;
/**
 * The platform's endpoints as the orders fixtures call them, on the demo shop: a fresh client
 * address each (rate limits count them), and the order accepts the demo's required checkout consents.
 */
export function platformOf(server: ShopServer): TestPlatform {
  let consents: number[] | null = null;
  async function call(method: string, path: string, options: { token?: string; language?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {
      apiKey: DEMO_API_KEY,
      "x-shop-client-ip": `10.9.0.${++ip}`,
      "content-type": "application/json",
    };
    if (options.token) headers.accessToken = options.token;
    if (options.language) headers.language = options.language;
    let body = options.body;
    if (path === "/api/v2/order/create") {
      consents ??= (
        (await call("POST", "/api/v1/web/consent/filter", { body: { assigned_to: "checkout" } })).body.data.records as {
          id: number;
          required: boolean;
        }[]
      )
        .filter((c) => c.required)
        .map((c) => c.id);
      body = { ...(body as object), consents };
    }
    const res = await server.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  return { db: server.db.db, call } as unknown as TestPlatform;
}
