import { api } from "@shop/contracts/api";
import { createTestPlatform, type TestPlatform } from "@shop/platform/test-support.ts";
import type { ShopContext } from "@shop/storefront/app/context.ts";
import { Platform } from "@shop/storefront/app/platform.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let p: TestPlatform;
let ctx: ShopContext;

beforeAll(async () => {
  p = await createTestPlatform();
  ctx = {
    platform: async (path, init) => p.platform.request(path, init),
    requestId: "page-view-1",
    apiKey: p.apiKey,
    nonce: "",
    viewKey: "",
    clientIp: "10.9.9.9",
    production: false,
    cacheServer: false,
    publicUrl: "http://localhost",
    publicData: { get: () => undefined, set: () => {} },
    queryKeys: new Set(),
    cacheTags: new Set(),
    csp: { connect: new Set(), img: new Set(), frame: new Set(), form: new Set() },
  };
});
afterAll(() => p.close());

describe("Platform client", () => {
  it("sends an upload's files as a multipart form with its body as customData", async () => {
    const token = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
    const result = await new Platform(ctx, "hr", token).call(api.media.upload, {
      body: { title: "Cjenik usluga", access: "private" },
      files: [
        { name: "cjenik.csv", data: new Blob(["usluga;cijena\nPranje;10,00\n"]) },
        { name: "skripta.jpg", data: new Blob(["<?php echo 1; ?>"]) },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.records.map((r) => [r.title, r.mime, r.access])).toEqual([["Cjenik usluga", "text/csv", "private"]]);
    expect(result.data.refused.map((r) => [r.name, r.code])).toEqual([["skripta.jpg", "contentMismatch"]]);
  });
});
