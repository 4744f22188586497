import { randomUUID } from "node:crypto";
import { MEDIA_SIZE_NAMES, type MediaView, type Paged, parseMediaUrl } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let adminToken: string;
let customerToken: string;
let siteId: number;

const TITLES = [
  "Pjena aktivnog šampona",
  "Linija za pranje",
  "Ručno sušenje mikrofibrom",
  "Čišćenje interijera",
  "Lokacija Jankomir navečer",
  "PJENA na laku",
  "Popust 50% vikendom",
  "Popust_pranje",
  "Logo",
  "Ugovor o najmu",
  "Zgrada autopraonice",
  "Poliranje",
];

beforeAll(async () => {
  p = await createTestPlatform();
  siteId = (await p.db.selectFrom("sites").select("id").executeTakeFirstOrThrow()).id;
  adminToken = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  customerToken = (await p.login(await p.createUser())).accessToken;
  // Inserted one by one: ids ascend in this order, the list answers the last first.
  for (const [i, title] of TITLES.entries()) {
    await p.db
      .insertInto("media")
      .values({
        drive_id: randomUUID(),
        version: 1,
        title,
        description: "",
        size: 1000 + i,
        path: `originals/${randomUUID()}.jpg`,
        extension: "jpg",
        mime: "image/jpeg",
        access: title === "Ugovor o najmu" ? "private" : "public",
        original_name: `IMG_${i}.jpg`,
        hash: String(i).padStart(64, "0"),
        width: 1200,
        height: 800,
        is_default: i === 0 ? 1 : 0,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      })
      .execute();
  }
});
afterAll(() => p.close());

const filter = (body: unknown, options: { token?: string; language?: string } = { token: "admin" }) =>
  p.call<Paged<MediaView>>("POST", "/api/v1/media/filterStandard", {
    body,
    token: options.token === "admin" ? adminToken : options.token,
    language: options.language,
  });

describe("POST /v1/media/filterStandard", () => {
  it("pages the library newest first with the default limit", async () => {
    const res = await filter({});
    expect(res.status).toBe(200);
    expect(res.body.errored).toBe(false);
    expect(res.body.data.records.map((r) => r.title)).toEqual([...TITLES].reverse().slice(0, 10));
    expect(res.body.data.pagination).toEqual({
      page: 1,
      perPage: 10,
      limit: 10,
      total: 12,
      lastPage: 2,
      totalPages: 2,
      totalRecords: 12,
    });
    const second = await filter({ page: 2, limit: 5 });
    expect(second.body.data.records.map((r) => r.title)).toEqual([...TITLES].reverse().slice(5, 10));
    expect(second.body.data.pagination).toMatchObject({ page: 2, limit: 5, total: 12, lastPage: 3 });
    const beyond = await filter({ page: 9, limit: 5 });
    expect(beyond.body.data.records).toEqual([]);
  });

  it("answers every SPEC field, with a URL per named size for public media", async () => {
    const res = await filter({ search: "pjena aktivnog" });
    expect(res.body.data.records).toHaveLength(1);
    const media = res.body.data.records[0] as MediaView;
    expect(media).toMatchObject({
      title: "Pjena aktivnog šampona",
      version: 1,
      size: 1000,
      extension: "jpg",
      mime: "image/jpeg",
      access: "public",
      originalName: "IMG_0.jpg",
      width: 1200,
      height: 800,
      default: true,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect(media.driveId).toMatch(/^[0-9a-f-]{36}$/);
    expect(media.path).toMatch(/^originals\/[0-9a-f-]{36}\.jpg$/);
    expect(parseMediaUrl(media.url ?? "")).toEqual({
      apiKeyId: siteId,
      ref: media.driveId,
      size: "MediumSize",
      title: "pjena-aktivnog-sampona",
      ext: "webp",
      hash: media.hash,
    });
    expect(Object.keys(media.alternativePaths).sort()).toEqual([...MEDIA_SIZE_NAMES].sort());
    for (const size of MEDIA_SIZE_NAMES) expect(parseMediaUrl(media.alternativePaths[size] ?? "")?.size).toBe(size);
  });

  it("searches titles case-insensitively, taking % and _ literally", async () => {
    const titles = async (search: string) => (await filter({ search })).body.data.records.map((r) => r.title);
    expect(await titles("PJENA")).toEqual(["PJENA na laku", "Pjena aktivnog šampona"]);
    expect(await titles("  pjena  ")).toHaveLength(2);
    expect(await titles("50%")).toEqual(["Popust 50% vikendom"]);
    expect(await titles("%")).toEqual(["Popust 50% vikendom"]);
    expect(await titles("_")).toEqual(["Popust_pranje"]);
    expect(await titles("nema takvog")).toEqual([]);
    const res = await filter({ search: "pjena", limit: 1 });
    expect(res.body.data.pagination).toMatchObject({ total: 2, lastPage: 2 });
  });

  it("filters by access; private media have no public URL", async () => {
    const res = await filter({ access: "private" });
    expect(res.body.data.records).toHaveLength(1);
    expect(res.body.data.records[0]).toMatchObject({ title: "Ugovor o najmu", access: "private", url: null, alternativePaths: {} });
    expect((await filter({ access: "public" })).body.data.pagination.total).toBe(11);
  });

  it.each([
    [{ limit: 0 }, "limit"],
    [{ limit: 101 }, "limit"],
    [{ page: 0 }, "page"],
    [{ page: "prva" }, "page"],
    [{ limit: 2.5 }, "limit"],
    [{ search: 42 }, "search"],
    [{ search: "x".repeat(201) }, "search"],
    [{ access: "secret" }, "access"],
  ])("refuses %j with a translated 400 naming %s", async (body, field) => {
    const res = await filter(body, { token: adminToken, language: "en" });
    expect(res.status).toBe(400);
    expect(res.body.errored).toBe(true);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    const fields = res.body.error?.payload.fields ?? [];
    expect(fields.map((f) => f.path)).toContain(field);
    for (const f of fields) expect(f.message).not.toMatch(/^validation\./);
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const res = await filter("{nope", { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("is for backoffice users only", async () => {
    const anonymous = await filter({}, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe("UNAUTHORIZED");
    const customer = await filter({}, { token: customerToken });
    expect(customer.status).toBe(403);
    expect(customer.body.error?.code).toBe("FORBIDDEN");
  });
});
