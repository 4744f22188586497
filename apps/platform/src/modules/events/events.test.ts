import type { EventView, Paged } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rangeBound } from "../../shared/business-time.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  p = await createTestPlatform();
  adminToken = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  customerToken = (await p.login(await p.createUser())).accessToken;
});
afterAll(() => p.close());

const DAY = 24 * 3600_000;
const inDays = (days: number, hours = 10) => new Date(Date.now() + days * DAY + hours * 3600_000).toISOString();

const translation = (language: string, title: string, over: Record<string, unknown> = {}) => ({
  language,
  title,
  slug: title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""),
  description: `<p>${title}</p>`,
  locationName: "Autopraonica Velika Gorica",
  locationAddress: "Zagrebačka 12, Velika Gorica",
  ...over,
});

const eventBody = (title: string, startDay: number, over: Record<string, unknown> = {}) => ({
  status: "published",
  startsAt: inDays(startDay),
  endsAt: inDays(startDay, 16),
  image: { src: "/demo/galerija-2.svg", width: 800, height: 600 },
  translations: [translation("hr", title, { imageAlt: `Slika: ${title}` })],
  ...over,
});

async function createEvent(body: unknown): Promise<EventView> {
  const res = await p.call<EventView>("POST", "/api/v1/event/create", { body, token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const filter = (body: unknown = {}, language?: string) =>
  p.call<Paged<EventView>>("POST", "/api/v1/event/public/filter", { body, language });
const get = (id: number | string, language?: string) => p.call<EventView>("GET", `/api/v1/event/public/get?id=${id}`, { language });

describe("POST /v1/event/create", () => {
  it("creates a published event with its translations and answers it in the request language", async () => {
    const body = eventBody("Dan otvorenih vrata", 30, {
      translations: [translation("hr", "Dan otvorenih vrata"), translation("en", "Open day", { imageAlt: "Open day" })],
    });
    const res = await p.call<EventView>("POST", "/api/v1/event/create", { body, token: adminToken, language: "en" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "published",
      title: "Open day",
      slug: "open-day",
      language: "en",
      location: { name: "Autopraonica Velika Gorica", address: "Zagrebačka 12, Velika Gorica" },
      image: { src: "/demo/galerija-2.svg", width: 800, height: 600, alt: "Open day" },
      translations: { hr: "dan-otvorenih-vrata", en: "open-day" },
    });
    expect(res.body.data.startsAt).toBe(new Date(body.startsAt).toISOString());
  });

  it("stores times in UTC whatever offset they were sent with", async () => {
    const event = await createEvent(
      eventBody("Zimsko pranje", 40, { startsAt: "2031-01-10T09:00:00+01:00", endsAt: "2031-01-10T17:00:00+01:00" }),
    );
    expect(event.startsAt).toBe("2031-01-10T08:00:00.000Z");
    expect(event.endsAt).toBe("2031-01-10T16:00:00.000Z");
  });

  it("sanitises the description HTML against an allow-list", async () => {
    const description = [
      '<p onclick="alert(1)">Dođite <strong>na kavu</strong></p>',
      "<script>alert('x')</script>",
      '<a href="javascript:alert(1)">klik</a>',
      '<a href="https://example.hr" target="_blank">karta</a>',
      '<img src="http://insecure.example/x.png" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe><style>body{}</style>',
    ].join("");
    const event = await createEvent(
      eventBody("Kava i pranje", 31, { translations: [translation("hr", "Kava i pranje", { description })] }),
    );
    expect(event.description).toContain("<p>Dođite <strong>na kavu</strong></p>");
    expect(event.description).toContain('<a href="https://example.hr" target="_blank" rel="noopener noreferrer">karta</a>');
    for (const bad of ["onclick", "<script", "alert", "javascript:", "<iframe", "<style", "onerror", "http://insecure"]) {
      expect(event.description).not.toContain(bad);
    }
  });

  it("refuses bad input with translated field errors and writes nothing", async () => {
    const before = await p.db.selectFrom("events").select("id").execute();
    const cases = [
      { body: eventBody("Krivo", 5, { endsAt: inDays(4) }), path: "endsAt" },
      { body: eventBody("Bez hr", 5, { translations: [translation("en", "No hr")] }), path: "translations" },
      { body: eventBody("Loš datum", 5, { startsAt: "sutra" }), path: "startsAt" },
      {
        body: eventBody("Loš slug", 5, { translations: [translation("hr", "Loš slug", { slug: "Nije Slug!" })] }),
        path: "translations.0.slug",
      },
      { body: eventBody("Bez naslova", 5, { translations: [translation("hr", "")] }), path: "translations.0.title" },
      { body: eventBody("Dvaput hr", 5, { translations: [translation("hr", "A"), translation("hr", "B")] }), path: "translations" },
      { body: eventBody("Loša slika", 5, { image: { src: "javascript:alert(1)", width: 1, height: 1 } }), path: "image.src" },
      { body: eventBody("Status", 5, { status: "archived" }), path: "status" },
    ];
    for (const { body, path } of cases) {
      const res = await p.call("POST", "/api/v1/event/create", { body, token: adminToken });
      expect(res.status, path).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toContain(path);
      expect(res.body.error?.payload.message).toContain("Provjerite unesene podatke");
    }
    const broken = await p.call("POST", "/api/v1/event/create", { body: "{not json", token: adminToken });
    expect(broken.status).toBe(400);
    expect(await p.db.selectFrom("events").select("id").execute()).toHaveLength(before.length);
  });

  it("is for backoffice users only", async () => {
    const anonymous = await p.call("POST", "/api/v1/event/create", { body: eventBody("Anonimno", 5) });
    expect(anonymous.status).toBe(401);
    const customer = await p.call("POST", "/api/v1/event/create", { body: eventBody("Kupac", 5), token: customerToken });
    expect(customer.status).toBe(403);
    expect(customer.body.error?.code).toBe("FORBIDDEN");
  });
});

describe("PATCH /v1/event/update/:id", () => {
  it("changes the status, times and one translation, adding a missing language", async () => {
    const event = await createEvent(eventBody("Pranje za dobrotvorne svrhe", 20, { status: "draft" }));
    expect((await get(event.id)).status).toBe(404);
    const res = await p.call<EventView>("PATCH", `/api/v1/event/update/${event.id}`, {
      token: adminToken,
      language: "de",
      body: {
        status: "published",
        startsAt: inDays(21),
        endsAt: inDays(21, 18),
        translations: [translation("de", "Waschtag für einen guten Zweck", { description: "<p>Gut<script>x</script></p>" })],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "published",
      title: "Waschtag für einen guten Zweck",
      description: "<p>Gut</p>",
      language: "de",
    });
    expect(Object.keys(res.body.data.translations).sort()).toEqual(["de", "hr"]);
    expect((await get(event.id, "de")).body.data.title).toBe("Waschtag für einen guten Zweck");
    expect((await get(event.id)).body.data.title).toBe("Pranje za dobrotvorne svrhe");
  });

  it("removes the image when sent null", async () => {
    const event = await createEvent(eventBody("Bez slike", 22));
    const res = await p.call<EventView>("PATCH", `/api/v1/event/update/${event.id}`, { token: adminToken, body: { image: null } });
    expect(res.body.data.image).toBeNull();
  });

  it("checks the start against the stored end when only one is sent", async () => {
    const event = await createEvent(eventBody("Provjera vremena", 23));
    const res = await p.call("PATCH", `/api/v1/event/update/${event.id}`, { token: adminToken, body: { startsAt: inDays(30) } });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({
      path: "endsAt",
      key: "validation.invalid",
      message: "Neispravna vrijednost",
    });
  });

  it("answers 404 for an unknown event, 400 for a bad id or an empty change", async () => {
    expect((await p.call("PATCH", "/api/v1/event/update/999999", { token: adminToken, body: { status: "draft" } })).status).toBe(404);
    expect((await p.call("PATCH", "/api/v1/event/update/abc", { token: adminToken, body: { status: "draft" } })).status).toBe(400);
    expect((await p.call("PATCH", "/api/v1/event/update/99999999999", { token: adminToken, body: { status: "draft" } })).status).toBe(400);
    const event = await createEvent(eventBody("Prazno", 24));
    expect((await p.call("PATCH", `/api/v1/event/update/${event.id}`, { token: adminToken, body: {} })).status).toBe(400);
  });

  it("is for backoffice users only", async () => {
    const event = await createEvent(eventBody("Samo osoblje", 25));
    const body = { status: "draft" };
    expect((await p.call("PATCH", `/api/v1/event/update/${event.id}`, { body })).status).toBe(401);
    expect((await p.call("PATCH", `/api/v1/event/update/${event.id}`, { body, token: customerToken })).status).toBe(403);
    expect((await get(event.id)).status).toBe(200);
  });
});

describe("GET /v1/event/public/get", () => {
  it("answers a published event in the request language, falling back to hr", async () => {
    const event = await createEvent(
      eventBody("Radionica njege laka", 12, {
        translations: [translation("hr", "Radionica njege laka"), translation("en", "Paint care workshop")],
      }),
    );
    expect((await get(event.id, "en")).body.data).toMatchObject({ title: "Paint care workshop", language: "en" });
    expect((await get(event.id, "de")).body.data).toMatchObject({ title: "Radionica njege laka", language: "hr" });
    expect((await get(event.id, "hrv")).body.data.title).toBe("Radionica njege laka");
  });

  it("does not show drafts or unknown ids, and refuses a malformed id", async () => {
    const draft = await createEvent(eventBody("Skica", 13, { status: "draft" }));
    const res = await get(draft.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "NOT_FOUND", payload: { message: "Traženi resurs nije pronađen." } });
    expect((await get(987654)).status).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "", "99999999999"]) expect((await get(bad)).status, bad).toBe(400);
    expect((await p.call("GET", "/api/v1/event/public/get")).status).toBe(400);
  });
});

describe("POST /v1/event/public/filter", () => {
  it("lists published events, upcoming soonest first, then past ones latest first, paged", async () => {
    // Only known rows, so the order is exact (the other tests' events go).
    await p.db.deleteFrom("events").execute();
    const make = async (title: string, startDay: number, endDay: number, status = "published") =>
      createEvent({ ...eventBody(title, startDay), startsAt: inDays(startDay), endsAt: inDays(endDay, 12), status });
    await make("Prošli davni", -30, -30);
    await make("Prošli nedavni", -3, -3);
    await make("Traje sada", -1, 1);
    await make("Sljedeći tjedan", 7, 7);
    await make("Sutra", 1, 1);
    await make("Skica", 2, 2, "draft");
    const titles = async (body: unknown) => (await filter(body)).body.data.records.map((e) => e.title);

    const all = await filter();
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((e) => e.title)).toEqual(["Traje sada", "Sutra", "Sljedeći tjedan", "Prošli nedavni", "Prošli davni"]);
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 5, lastPage: 1, totalRecords: 5 });

    const page2 = await filter({ page: 2, limit: 2 });
    expect(page2.body.data.records.map((e) => e.title)).toEqual(["Sljedeći tjedan", "Prošli nedavni"]);
    expect(page2.body.data.pagination).toMatchObject({ page: 2, limit: 2, total: 5, lastPage: 3 });

    expect(await titles({ dateFrom: new Date().toISOString() })).toEqual(["Traje sada", "Sutra", "Sljedeći tjedan"]);
    expect(await titles({ dateFrom: inDays(-5).slice(0, 10), dateTo: inDays(2).slice(0, 10) })).toEqual([
      "Traje sada",
      "Sutra",
      "Prošli nedavni",
    ]);

    const beyond = await filter({ page: 9 });
    expect(beyond.body.data.records).toEqual([]);
    expect(beyond.body.data.pagination.total).toBe(5);
  });

  it("answers each event in the request language with hr fallback", async () => {
    await createEvent(
      eventBody("Dan otvorenih vrata", 30, { translations: [translation("hr", "Dan otvorenih vrata"), translation("en", "Open day")] }),
    );
    await createEvent(eventBody("Zimsko pranje", 31));
    const res = await filter({ limit: 100 }, "en");
    const titles = res.body.data.records.map((e) => e.title);
    expect(titles).toContain("Open day");
    expect(titles).toContain("Zimsko pranje");
  });

  it("refuses bad paging and dates with translated messages", async () => {
    for (const body of [{ page: 0 }, { limit: 0 }, { limit: 101 }, { page: "x" }, { dateFrom: "jučer" }, { dateTo: "2030-13-40" }]) {
      const res = await filter(body, "en");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.message).toContain("Please check");
    }
    const reversed = await filter({ dateFrom: "2030-05-02", dateTo: "2030-05-01" });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error?.payload.fields?.[0]?.path).toBe("dateTo");
  });
});

describe("date bounds", () => {
  it("reads a bare date as the whole day in Zagreb", () => {
    expect(rangeBound("2030-07-01", "start")).toBe("2030-06-30T22:00:00.000Z");
    expect(rangeBound("2030-07-01", "end")).toBe("2030-07-01T21:59:59.999Z");
    expect(rangeBound("2030-01-15", "start")).toBe("2030-01-14T23:00:00.000Z");
    expect(rangeBound("2030-01-15T08:30:00+01:00", "start")).toBe("2030-01-15T07:30:00.000Z");
  });
});
