import type { EndpointDef } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../test-support.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(() => p.close());

describe("envelope", () => {
  it("wraps answers in { data, errored: false }", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig");
    expect(res.status).toBe(200);
    expect(res.body.errored).toBe(false);
    expect(res.body).toHaveProperty("data");
    expect(Object.keys(res.body).sort()).toEqual(["data", "errored"]);
  });

  it("sets the API security headers and echoes a request id", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { headers: { "x-request-id": "abc-123" } });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBe("abc-123");
  });

  it("makes its own request id instead of one that is long or not a plain token", async () => {
    for (const given of ["a".repeat(65), "abc 123", "abc\u00e9", '{"level":"error"}']) {
      const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { headers: { "x-request-id": given } });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sets the same headers on refusals (no API key, unknown path)", async () => {
    for (const res of [
      await p.call("GET", "/api/v2/settings/getCurrencyConfig", { apiKey: null }),
      await p.call("GET", "/api/v1/does/not/exist"),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });

  const notFound = {
    errored: true,
    statusCode: 404,
    error: { code: "NOT_FOUND", payload: { message: "Traženi resurs nije pronađen.", key: "error.notFound" } },
  };

  it("answers an unknown endpoint with 404 in the same error shape (in-process call, as the storefront makes it)", async () => {
    const res = await p.platform.request("/v1/does/not/exist", { headers: { apiKey: p.apiKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject(notFound);
  });

  // Known bug: Hono uses only the top-level app's notFound, so under /api an unknown path falls
  // through to the storefront. Fixed by a catch-all route in app.ts; then turn this into it().
  it("answers an unknown endpoint with 404 in the same error shape (under /api, as the server mounts it)", async () => {
    const res = await p.call("GET", "/api/v1/does/not/exist");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(notFound);
  });
});

describe("apiKey", () => {
  it("refuses a missing apiKey with 401 INVALID_API_KEY", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { apiKey: null });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errored: true, statusCode: 401, error: { code: "INVALID_API_KEY" } });
  });

  it("refuses a wrong apiKey with 401 INVALID_API_KEY", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { apiKey: "wrong-key" });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("INVALID_API_KEY");
  });

  it("refuses an over-long apiKey the same way", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { apiKey: "x".repeat(5000) });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("INVALID_API_KEY");
  });
});

describe("language header (CVE-2026-40887: the locale is allow-listed, never put into SQL)", () => {
  const hostile = ["hr'; DROP TABLE users;--", "hr' OR '1'='1", "../../etc/passwd", "xx", "hr%00", "hr,en", "e".repeat(300)];

  it.each(hostile)("answers %j with 400, never 500", async (language) => {
    const res = await p.call("GET", "/api/v1/commons?type=languages", { language });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errored: true, statusCode: 400, error: { code: "VALIDATION_ERROR" } });
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("language");
  });

  it("still has its users table afterwards", async () => {
    const user = await p.createUser();
    const row = await p.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst();
    expect(row?.id).toBe(user.id);
  });

  it.each(["hr", "en", "de", "hrv", "eng", "ger", "HR"])("accepts %s", async (language) => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { language });
    expect(res.status).toBe(200);
  });

  it("refuses an unknown store header with 400", async () => {
    const res = await p.call("GET", "/api/v2/settings/getCurrencyConfig", { headers: { store: "1 OR 1=1" } });
    expect(res.status).toBe(400);
  });
});

describe("body validation", () => {
  const badRegister = { details: { firstName: "", lastName: "Horvat" }, email: "not-an-email", password: "kratka" };

  it("names the invalid fields with Croatian messages by default", async () => {
    const res = await p.call("POST", "/api/v1/user/web/register", { body: badRegister });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    const fields = res.body.error?.payload.fields ?? [];
    const at = (path: string) => fields.filter((f) => f.path === path);
    expect(at("details.firstName")).toContainEqual(
      expect.objectContaining({ key: "validation.required", message: "Unos ovog polja je obavezan" }),
    );
    expect(at("email").map((f) => f.key)).toContain("validation.email");
    expect(at("password")).toContainEqual(
      expect.objectContaining({ key: "validation.minLength", message: "Minimalna duljina je 8 znakova" }),
    );
    expect(res.body.error?.payload.message).toContain("details.firstName");
  });

  it("translates the messages to English with language: en", async () => {
    const res = await p.call("POST", "/api/v1/user/web/register", { body: badRegister, language: "en" });
    expect(res.status).toBe(400);
    const fields = res.body.error?.payload.fields ?? [];
    expect(fields.filter((f) => f.path === "details.firstName").map((f) => f.message)).toContain("This field is required");
    expect(fields.find((f) => f.path === "password")?.message).toBe("Minimum length is 8 characters");
  });

  it("refuses invalid JSON with 400", async () => {
    const res = await p.call("POST", "/api/v1/login", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errored: true, error: { code: "VALIDATION_ERROR" } });
  });

  it("refuses a body of the wrong type with 400", async () => {
    const res = await p.call("POST", "/api/v1/login", { body: [1, 2, 3] });
    expect(res.status).toBe(400);
  });

  it("refuses a body over the size limit with 413", async () => {
    const res = await p.call("POST", "/api/v1/login", { body: { username: "a@b.hr", password: "x".repeat(300 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const res = await p.call("POST", "/api/v1/login", { body: "{}", headers: { "content-length": String(300 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("reads a body of a declared length within the limit", async () => {
    const body = JSON.stringify({ username: "nitko@example.hr", password: "krivalozinka1" });
    const res = await p.call("POST", "/api/v1/login", { body, headers: { "content-length": String(Buffer.byteLength(body)) } });
    expect(res.status).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document listing the endpoints", async () => {
    const res = await p.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/v1/login"]).toHaveProperty("post");
    expect(doc.paths["/api/v1/user/web/register"]).toHaveProperty("post");
    expect(doc.paths["/api/v1/user/web/address/update/{id}"]).toHaveProperty("patch");
  });

  it("describes every entry of the endpoint table with its answer, and every reference in it resolves", async () => {
    const doc = (await (await p.app.request("/api/openapi.json")).json()) as Record<string, unknown> & {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: { data: unknown } } }> }> }>
      >;
    };
    for (const group of Object.values(api)) {
      for (const entry of Object.values(group) as EndpointDef[]) {
        const operation = doc.paths[`/api${entry.path.replace(/:(\w+)/g, "{$1}")}`]?.[entry.method.toLowerCase()];
        expect(operation, `${entry.method} ${entry.path}`).toBeDefined();
        const data = operation?.responses["200"]?.content["application/json"]?.schema.properties.data;
        expect(data, `${entry.method} ${entry.path} answer`).not.toEqual({});
      }
    }
    const refs: string[] = [];
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          if (k === "$ref" && typeof v === "string") refs.push(v);
          else collect(v);
        }
      }
    };
    collect(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref.startsWith("#/")).toBe(true);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("serves a readable reference at /api/docs from the package itself, with its own strict policy", async () => {
    const page = await p.app.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    for (const src of [...html.matchAll(/(?:src|href)="(docs\/[^"]+)"/g)].map((m) => m[1])) {
      const asset = await p.app.request(`/api/${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
    }
    expect(await (await p.app.request("/api/docs/init.js")).text()).toContain('url: "openapi.json"');
  });
});
