import type { FailedRequestView, Paged, RedirectView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken, customerToken } from "./cms.fixtures.ts";

let p: TestPlatform;
let admin: string;
let customer: string;

beforeAll(async () => {
  p = await createTestPlatform();
  admin = await backofficeToken(p);
  customer = await customerToken(p);
});
afterAll(() => p.close());

const create = (body: unknown, token: string | undefined = admin) =>
  p.call<RedirectView>("POST", "/api/v1/redirect/create", { body, token });
const resolve = (path: string) => p.call<RedirectView>("GET", `/api/v1/redirect/resolve?path=${encodeURIComponent(path)}`);
const fail = (path: unknown, ip?: string) => p.call<FailedRequestView>("POST", "/api/v1/redirect/addFailedRequest", { body: { path }, ip });

describe("configured redirects", () => {
  it("creates a 301 by default and a 302 when asked, and resolves them", async () => {
    const res = await create({ fromPath: "/stari-cjenik", toPath: "/cjenik" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fromPath: "/stari-cjenik", toPath: "/cjenik", status: 301 });
    await create({ fromPath: "/en/summer-offer/", toPath: "/en/price-list", status: 302 });
    expect((await resolve("/stari-cjenik")).body.data).toMatchObject({ toPath: "/cjenik", status: 301 });
    expect((await resolve("/stari-cjenik/")).body.data.toPath).toBe("/cjenik");
    expect((await resolve("/en/summer-offer")).body.data).toMatchObject({ toPath: "/en/price-list", status: 302 });
  });

  it("answers 404 for a path without a redirect and 400 for a malformed one", async () => {
    const res = await resolve("/nema-preusmjerenja");
    expect(res.status).toBe(404);
    expect((await p.call("GET", "/api/v1/redirect/resolve")).status).toBe(400);
    expect((await resolve("bez-kose-crte")).status).toBe(400);
    expect((await resolve("//evil.example")).status).toBe(400);
  });

  it("refuses external or malformed targets, loops, other statuses and duplicates", async () => {
    expect((await create({ fromPath: "/a-b", toPath: "https://evil.example" })).status).toBe(400);
    expect((await create({ fromPath: "/a-b", toPath: "/x?y=1" })).status).toBe(400);
    expect((await create({ fromPath: "/a-b", toPath: "/a-b/" })).body.error?.payload.key).toBe("error.cms.redirectLoop");
    expect((await create({ fromPath: "/a-b", toPath: "/c-d", status: 307 })).status).toBe(400);
    const duplicate = await create({ fromPath: "/stari-cjenik", toPath: "/kontakt" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error?.payload.key).toBe("error.cms.redirectExists");
  });

  it("needs a backoffice user to configure", async () => {
    expect((await create({ fromPath: "/x-y", toPath: "/z" }, "")).status).toBe(401);
    expect((await create({ fromPath: "/x-y", toPath: "/z" }, customer)).status).toBe(403);
  });
});

describe("POST /v1/redirect/addFailedRequest", () => {
  it("records 404 paths with a counter", async () => {
    const first = await fail("/stara-akcija");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ path: "/stara-akcija", hits: 1 });
    await fail("/stara-akcija/");
    const third = await fail("/stara-akcija");
    expect(third.body.data.hits).toBe(3);
    await fail("/jednom");
    const list = await p.call<Paged<FailedRequestView>>("POST", "/api/v1/redirect/failedRequests", { token: admin, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r) => [r.path, r.hits])).toEqual([
      ["/stara-akcija", 3],
      ["/jednom", 1],
    ]);
  });

  it("refuses malformed paths with 400", async () => {
    for (const path of ["", "relative", "//host", "/a b", 42, "/x".repeat(300)]) {
      expect((await fail(path)).status, String(path)).toBe(400);
    }
  });

  it("is rate-limited per client", async () => {
    const ip = "10.200.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await fail(`/limit-${i}`, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await fail("/other-client", "10.200.0.2")).status).toBe(200);
  });

  it("shows the recorded paths only to backoffice users", async () => {
    expect((await p.call("POST", "/api/v1/redirect/failedRequests", { token: customer, body: {} })).status).toBe(403);
    expect((await p.call("POST", "/api/v1/redirect/failedRequests", { body: {} })).status).toBe(401);
    expect((await p.call("POST", "/api/v1/redirect/failedRequests", { token: admin, body: { page: -1 } })).status).toBe(400);
  });
});
