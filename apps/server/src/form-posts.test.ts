import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FORM_BYTES } from "./form-posts.ts";
import { createTestShop, type TestShop } from "./testing.ts";

let shop: TestShop;
/** What app.request() addresses: the origin a browser on this site sends. */
const ORIGIN = "http://localhost";

beforeAll(async () => {
  shop = await createTestShop();
});

afterAll(() => shop.stop());

/** Every route with an action: the pages' forms and the resource routes. */
const ACTION_ROUTES = [
  "/prijava",
  "/en/login",
  "/registracija",
  "/zaboravljena-lozinka",
  "/logout",
  "/newsletter",
  "/cookies/accept",
  "/cookies/settings",
  "/comments/1",
  "/forms/1",
  "/cart/action",
  "/wishlist/toggle",
  "/reviews/1",
];

const post = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
  shop.app.request(path, { method: "POST", ...init, headers: { origin: ORIGIN, ...init.headers } });

describe("form posts to the storefront", () => {
  const broken: [string, RequestInit & { headers?: Record<string, string> }][] = [
    ["JSON", { body: JSON.stringify({ intent: "add", productId: 1 }), headers: { "content-type": "application/json" } }],
    ["plain text", { body: "intent=add", headers: { "content-type": "text/plain" } }],
    ["no body and no type", {}],
    [
      "a multipart body that does not parse",
      { body: "--x\r\nno headers here", headers: { "content-type": "multipart/form-data; boundary=x" } },
    ],
    ["a multipart type without a boundary", { body: "a=1", headers: { "content-type": "multipart/form-data" } }],
  ];

  for (const [what, init] of broken) {
    it(`answer ${what} with 400 or 415 and a message, never 500`, async () => {
      for (const path of ACTION_ROUTES) {
        const res = await post(path, init);
        expect([400, 415], `${path}: ${res.status}`).toContain(res.status);
        expect(await res.text()).toMatch(/\w/);
      }
    });
  }

  it("answer an empty or nonsense form with the form's own refusal or a redirect, never 500", async () => {
    const bodies = ["", "intent=nonsense", "a=%zz&&=&b", "intent=add&productId=-1&qty=1e99", `redirectTo=${"/x".repeat(500)}`];
    for (const path of ACTION_ROUTES) {
      for (const body of bodies) {
        const res = await post(path, { body, headers: { "content-type": "application/x-www-form-urlencoded" } });
        expect(res.status, `${path} with '${body.slice(0, 20)}'`).toBeLessThan(500);
      }
    }
  });

  it("refuse a form sent from another site on every route, logout included", async () => {
    for (const path of ACTION_ROUTES) {
      const byOrigin = await post(path, {
        body: "intent=clear",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      });
      expect(byOrigin.status, path).toBe(403);
      const byFetchSite = await shop.app.request(path, {
        method: "POST",
        body: "intent=clear",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      });
      expect(byFetchSite.status, path).toBe(403);
    }
    const res = await post("/logout", { body: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" } });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Obrazac s druge stranice nije prihvaćen.");
  });

  it("refuse a body over the bound, declared or streamed, in the page's language", async () => {
    const big = `message=${"a".repeat(MAX_FORM_BYTES)}`;
    const declared = await post("/en/login", { body: big, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("The request is too large.");
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode("a".repeat(16 * 1024)));
        controller.close();
      },
    });
    // A streamed body declares no length: it is counted as it arrives.
    const streamed = await post("/cart/action", {
      body: chunks,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit & { headers: Record<string, string> });
    expect(streamed.status).toBe(413);
  });

  it("let a real form from this site through to its action", async () => {
    const res = await post("/cart/action", {
      body: "intent=clear&js=1",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(200);
  });
});
