import type { ConsentAdminView, ConsentView, Pagination, Tokens } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let admin: Tokens;
let customer: Tokens;
beforeAll(async () => {
  p = await createTestPlatform();
  admin = await p.login(await p.createUser({ isBackoffice: true }));
  customer = await p.login(await p.createUser());
});
afterAll(() => p.close());

type List<T> = { records: T[]; pagination: Pagination };
type Created = { assigned_to: string; consents: ConsentAdminView[]; requiredConsents: string[] };

let seq = 0;
/** A fresh place and consent names per test, so tests never see each other's rows. */
const unique = (name: string) => `${name}-${++seq}`;

const texts = (hr: string, extra: { en?: string; de?: string } = {}) => ({ hr, ...extra });

/** As the admin unless a token (or null: none) is given. */
const create = (body: unknown, token: string | null = admin.accessToken) =>
  p.call<Created>("POST", "/api/v1/consent/create", { body, token: token ?? undefined });

const webFilter = (body: unknown, language?: string) => p.call<List<ConsentView>>("POST", "/api/v1/web/consent/filter", { body, language });

const logCreate = (body: unknown, options: { token?: string; ip?: string } = {}) =>
  p.call<{ logged: number }>("POST", "/api/v1/web/consent/log/create", { body, ...options });

const logBody = (consents: number[], over: Record<string, unknown> = {}) => ({
  status: "accepted",
  statusTimestamp: new Date().toISOString(),
  sourceType: "cmsSite",
  consents,
  ...over,
});

const count = async (table: "consents" | "consent_log" | "consent_assignments") =>
  Number(
    (
      await p.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A place with a required privacy consent (hr, en) and an optional marketing one (hr only). */
async function placeWithTwo() {
  const place = unique("registration");
  const privacy = unique("privacy");
  const marketing = unique("marketing");
  const res = await create({
    assigned_to: place,
    consents: [
      {
        uniqueNumber: privacy,
        displayName: texts('Prihvaćam <a href="/privatnost">pravila privatnosti</a>.', { en: "I accept the privacy policy." }),
      },
      { uniqueNumber: marketing, displayName: texts("Želim primati novosti.") },
    ],
    requiredConsents: [privacy],
  });
  expect(res.status).toBe(200);
  return { place, privacy, marketing, created: res.body.data };
}

describe("POST /v1/consent/create", () => {
  it("creates consents, assigns them in order and marks the required ones", async () => {
    const { place, privacy, marketing, created } = await placeWithTwo();
    expect(created.assigned_to).toBe(place);
    expect(created.requiredConsents).toEqual([privacy]);
    expect(created.consents.map((c) => c.uniqueNumber)).toEqual([privacy, marketing]);
    expect(created.consents[0]?.displayName).toEqual({
      hr: 'Prihvaćam <a href="/privatnost">pravila privatnosti</a>.',
      en: "I accept the privacy policy.",
    });
    expect(created.consents[0]?.assignments).toEqual([{ assigned_to: place, required: true }]);
    expect(created.consents[1]?.assignments).toEqual([{ assigned_to: place, required: false }]);
    expect(created.consents.every((c) => c.version === 1)).toBe(true);
  });

  it("is audited with the place's set before and after", async () => {
    const { place, privacy, marketing } = await placeWithTwo();
    await create({ assigned_to: place, consents: [{ uniqueNumber: privacy }], requiredConsents: [] });
    const rows = await p.db
      .selectFrom("audit_log")
      .select(["action", "before_json", "after_json"])
      .where("entity", "=", "consents.place")
      .where("entity_id", "=", place)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.action)).toEqual(["consents.set", "consents.set"]);
    const numbers = (json: string | null) => (JSON.parse(json ?? "null") as Created).consents.map((c) => c.uniqueNumber);
    expect(numbers(rows[0]?.before_json ?? null)).toEqual([]);
    expect(numbers(rows[1]?.before_json ?? null)).toEqual([privacy, marketing]);
    expect(numbers(rows[1]?.after_json ?? null)).toEqual([privacy]);
    expect(JSON.parse(rows[1]?.after_json ?? "null").requiredConsents).toEqual([]);
  });

  it("sanitizes the HTML texts (no scripts, handlers or javascript: links)", async () => {
    const res = await create({
      assigned_to: unique("form"),
      consents: [
        {
          uniqueNumber: unique("xss"),
          displayName: texts(
            '<p onclick="steal()">Da<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="/kolacici" onmouseover="x()">kolačići</a><img src=x onerror=alert(1)></p>',
          ),
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.consents[0]?.displayName.hr).toBe('<p>Da <a>x</a> <a href="/kolacici">kolačići</a></p>');
  });

  it("reuses an existing consent without its texts, replaces a place's set and counts wording changes up", async () => {
    const { place, privacy, marketing } = await placeWithTwo();
    // The same privacy consent at another place, optional there, without resending its text.
    const other = unique("newsletter");
    const reused = await create({ assigned_to: other, consents: [{ uniqueNumber: privacy }] });
    expect(reused.status).toBe(200);
    const assignments = reused.body.data.consents[0]?.assignments ?? [];
    expect(assignments).toHaveLength(2);
    expect(assignments).toEqual(
      expect.arrayContaining([
        { assigned_to: place, required: true },
        { assigned_to: other, required: false },
      ]),
    );
    expect(reused.body.data.consents[0]?.version).toBe(1);

    // New wording for marketing only; the place now shows marketing first and privacy no longer.
    const changed = await create({
      assigned_to: place,
      consents: [{ uniqueNumber: marketing, displayName: texts("Želim primati novosti i ponude.") }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.consents[0]?.version).toBe(2);
    const shown = await webFilter({ assigned_to: place });
    expect(shown.body.data.records.map((c) => c.uniqueNumber)).toEqual([marketing]);

    // The same wording again is no change.
    const same = await create({
      assigned_to: place,
      consents: [{ uniqueNumber: marketing, displayName: texts("Želim primati novosti i ponude.") }],
    });
    expect(same.body.data.consents[0]?.version).toBe(2);
  });

  it("refuses bad input with translated field errors and writes nothing", async () => {
    const before = { consents: await count("consents"), assignments: await count("consent_assignments") };
    const known = (await placeWithTwo()).privacy;
    const after = { consents: await count("consents"), assignments: await count("consent_assignments") };
    const cases: [unknown, string][] = [
      [{ consents: [{ uniqueNumber: unique("a"), displayName: texts("x") }] }, "assigned_to"],
      [{ assigned_to: "bad place!", consents: [{ uniqueNumber: unique("a"), displayName: texts("x") }] }, "assigned_to"],
      [{ assigned_to: unique("p"), consents: [] }, "consents"],
      [
        { assigned_to: unique("p"), consents: [{ uniqueNumber: unique("a"), displayName: { en: "only english" } }] },
        "consents.0.displayName.hr",
      ],
      [{ assigned_to: unique("p"), consents: [{ uniqueNumber: unique("never-created") }] }, "consents.0.displayName"],
      [
        {
          assigned_to: unique("p"),
          consents: [
            { uniqueNumber: known, displayName: texts("x") },
            { uniqueNumber: known, displayName: texts("y") },
          ],
        },
        "consents.1.uniqueNumber",
      ],
      [
        { assigned_to: unique("p"), consents: [{ uniqueNumber: unique("a"), displayName: texts("x") }], requiredConsents: ["not-listed"] },
        "requiredConsents.0",
      ],
    ];
    for (const [body, path] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toContain(path);
    }
    expect(await count("consents")).toBe(after.consents);
    expect(await count("consent_assignments")).toBe(after.assignments);
    expect(after.consents).toBe(before.consents + 2);

    const english = await p.call("POST", "/api/v1/consent/create", {
      body: { assigned_to: unique("p"), consents: [{ uniqueNumber: known, displayName: texts("x") }], requiredConsents: ["nope"] },
      token: admin.accessToken,
      language: "en",
    });
    expect(english.body.error?.payload.fields?.[0]?.message).toBe("A required consent must be one of the listed consents.");
  });

  it("is for backoffice users only", async () => {
    const body = { assigned_to: unique("p"), consents: [{ uniqueNumber: unique("a"), displayName: texts("x") }] };
    const anonymous = await create(body, null);
    expect(anonymous.status).toBe(401);
    const asCustomer = await create(body, customer.accessToken);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error?.code).toBe("FORBIDDEN");
  });
});

describe("POST /v1/web/consent/filter", () => {
  it("lists a place's consents in the request language with hr as fallback", async () => {
    const { place, privacy, marketing } = await placeWithTwo();
    const hr = await webFilter({ assigned_to: place });
    expect(hr.status).toBe(200);
    expect(hr.body.data.records).toEqual([
      {
        id: expect.any(Number),
        uniqueNumber: privacy,
        displayName: 'Prihvaćam <a href="/privatnost">pravila privatnosti</a>.',
        required: true,
      },
      { id: expect.any(Number), uniqueNumber: marketing, displayName: "Želim primati novosti.", required: false },
    ]);
    expect(hr.body.data.pagination).toMatchObject({ page: 1, total: 2, lastPage: 1 });

    const en = await webFilter({ assigned_to: place }, "en");
    expect(en.body.data.records.map((c) => c.displayName)).toEqual(["I accept the privacy policy.", "Želim primati novosti."]);
  });

  it("pages with limit and page, and answers an unknown place with an empty list", async () => {
    const { place, marketing } = await placeWithTwo();
    const second = await webFilter({ assigned_to: place, limit: 1, page: 2 });
    expect(second.body.data.records.map((c) => c.uniqueNumber)).toEqual([marketing]);
    expect(second.body.data.pagination).toMatchObject({ page: 2, perPage: 1, total: 2, lastPage: 2 });
    const none = await webFilter({ assigned_to: unique("nowhere") });
    expect(none.status).toBe(200);
    expect(none.body.data.records).toEqual([]);
  });

  it("refuses bad input with a translated 400", async () => {
    for (const [body, path] of [
      [{}, "assigned_to"],
      [{ assigned_to: "" }, "assigned_to"],
      [{ assigned_to: "x'; drop table consents;--" }, "assigned_to"],
      [{ assigned_to: "registration", limit: 101 }, "limit"],
      [{ assigned_to: "registration", page: 0 }, "page"],
    ] as const) {
      const res = await webFilter(body, "en");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toContain(path);
    }
    const broken = await p.call("POST", "/api/v1/web/consent/filter", { body: "{not json" });
    expect(broken.status).toBe(400);
  });

  it("is public but needs the site's apiKey", async () => {
    const res = await p.call("POST", "/api/v1/web/consent/filter", { body: { assigned_to: "registration" }, apiKey: null });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("INVALID_API_KEY");
  });
});

describe("GET /v1/consent/filter", () => {
  it("lists consents with every language and their places, 50 a page, filtered by place", async () => {
    const { place, privacy, marketing } = await placeWithTwo();
    const res = await p.call<List<ConsentAdminView>>("GET", `/api/v1/consent/filter?assigned_to=${place}`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((c) => c.uniqueNumber)).toEqual([privacy, marketing]);
    expect(res.body.data.records[0]?.displayName).toEqual({
      hr: 'Prihvaćam <a href="/privatnost">pravila privatnosti</a>.',
      en: "I accept the privacy policy.",
    });
    expect(res.body.data.pagination.perPage).toBe(50);

    const all = await p.call<List<ConsentAdminView>>("GET", "/api/v1/consent/filter?perPage=1&page=2", { token: admin.accessToken });
    expect(all.body.data.records).toHaveLength(1);
    expect(all.body.data.pagination).toMatchObject({ page: 2, perPage: 1 });
    expect(all.body.data.pagination.total).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad paging", async () => {
    for (const query of ["perPage=51", "page=0", "perPage=abc", "assigned_to=a%20b"]) {
      const res = await p.call("GET", `/api/v1/consent/filter?${query}`, { token: admin.accessToken });
      expect(res.status, query).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is for backoffice users only", async () => {
    expect((await p.call("GET", "/api/v1/consent/filter")).status).toBe(401);
    expect((await p.call("GET", "/api/v1/consent/filter", { token: customer.accessToken })).status).toBe(403);
  });
});

describe("GET /v1/consent/place/:assigned_to", () => {
  it("answers a place's set in its order with the required ones, for the back office's editor", async () => {
    const { place, privacy, marketing } = await placeWithTwo();
    // Put marketing first: the order is the place's, not the consents' ids.
    await create({ assigned_to: place, consents: [{ uniqueNumber: marketing }, { uniqueNumber: privacy }], requiredConsents: [privacy] });
    const res = await p.call<Created>("GET", `/api/v1/consent/place/${place}`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.assigned_to).toBe(place);
    expect(res.body.data.consents.map((c) => c.uniqueNumber)).toEqual([marketing, privacy]);
    expect(res.body.data.requiredConsents).toEqual([privacy]);
    expect(res.body.data.consents[1]?.displayName.en).toBe("I accept the privacy policy.");
  });

  it("answers a place nobody has given consents yet with an empty set, and refuses a name that is no place", async () => {
    const empty = await p.call<Created>("GET", `/api/v1/consent/place/${unique("nowhere")}`, { token: admin.accessToken });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ consents: [], requiredConsents: [] });
    const bad = await p.call("GET", "/api/v1/consent/place/a%20b", { token: admin.accessToken, language: "en" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("is for backoffice users only", async () => {
    expect((await p.call("GET", "/api/v1/consent/place/registration")).status).toBe(401);
    expect((await p.call("GET", "/api/v1/consent/place/registration", { token: customer.accessToken })).status).toBe(403);
  });
});

describe("POST /v1/web/consent/log/create", () => {
  it("logs an anonymous cookie choice with its time, version and language, keeping only a hash of the address", async () => {
    const { created } = await placeWithTwo();
    const [privacy, marketing] = created.consents.map((c) => c.id) as [number, number];
    const at = new Date(Date.now() - 5000).toISOString();
    const res = await p.call<{ logged: number }>("POST", "/api/v1/web/consent/log/create", {
      body: logBody([privacy, marketing, privacy], { statusTimestamp: at }),
      ip: "203.0.113.7",
      language: "en",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ logged: 2 });
    const rows = await p.db.selectFrom("consent_log").selectAll().where("consent_id", "in", [privacy, marketing]).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "accepted",
        status_timestamp: at,
        source_type: "cmsSite",
        user_type: "guest",
        email: null,
        user_id: null,
        consent_version: 1,
        language_code: "en",
      });
      expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain("203.0.113.7");
    }
  });

  it("links the logged-in user and logs withdrawals", async () => {
    const { created } = await placeWithTwo();
    const marketing = created.consents[1]?.id as number;
    const user = await p.createUser();
    const tokens = await p.login(user);
    const res = await logCreate(logBody([marketing], { status: "withdrawn" }), { token: tokens.accessToken });
    expect(res.status).toBe(200);
    const row = await p.db.selectFrom("consent_log").selectAll().where("consent_id", "=", marketing).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "withdrawn", user_type: "webUser", email: user.email.toLowerCase(), user_id: user.id });
  });

  it("takes whose choice it is from the session, never from the body (nobody logs in another's name)", async () => {
    const { created } = await placeWithTwo();
    const [privacy, marketing] = created.consents.map((c) => c.id) as [number, number];
    const victim = await p.createUser();
    const claimed = { user: { userType: "webUser", email: victim.email } };
    expect((await logCreate(logBody([privacy], claimed))).status).toBe(200);
    const anonymous = await p.db.selectFrom("consent_log").selectAll().where("consent_id", "=", privacy).executeTakeFirstOrThrow();
    expect(anonymous).toMatchObject({ user_type: "guest", email: null, user_id: null });
    const someone = await p.createUser();
    const tokens = await p.login(someone);
    expect((await logCreate(logBody([marketing], claimed), { token: tokens.accessToken })).status).toBe(200);
    const row = await p.db.selectFrom("consent_log").selectAll().where("consent_id", "=", marketing).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_type: "webUser", email: someone.email, user_id: someone.id });
  });

  it("refuses unknown consent ids and writes nothing, not even the known ones", async () => {
    const { created } = await placeWithTwo();
    const known = created.consents[0]?.id as number;
    const before = await count("consent_log");
    const res = await p.call("POST", "/api/v1/web/consent/log/create", { body: logBody([known, 999_999]), language: "en" });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.message).toBe("Unknown consent.");
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "consents", message: "Unknown consents: 999999" });
    expect(await count("consent_log")).toBe(before);
  });

  it("refuses bad input with a translated 400", async () => {
    const { created } = await placeWithTwo();
    const id = created.consents[0]?.id as number;
    const cases: [unknown, string][] = [
      [logBody([]), "consents"],
      [logBody([id], { status: "maybe" }), "status"],
      [logBody([id], { statusTimestamp: "yesterday" }), "statusTimestamp"],
      [logBody([id], { statusTimestamp: "2001-01-01T00:00:00.000Z" }), "statusTimestamp"],
      [logBody([id], { sourceType: "elsewhere" }), "sourceType"],
      [logBody(["1"] as unknown as number[]), "consents.0"],
      [logBody(Array.from({ length: 51 }, (_, i) => i + 1)), "consents"],
    ];
    for (const [body, path] of cases) {
      const res = await logCreate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
      expect(res.body.error?.payload.fields?.map((f) => f.path)).toContain(path);
    }
  });

  it("is rate-limited per client address", async () => {
    const { created } = await placeWithTwo();
    const id = created.consents[0]?.id as number;
    const ip = "198.51.100.23";
    for (let i = 0; i < 60; i++) expect((await logCreate(logBody([id]), { ip })).status).toBe(200);
    const refused = await logCreate(logBody([id]), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await logCreate(logBody([id]), { ip: "198.51.100.24" })).status).toBe(200);
  });

  it("is public but needs the site's apiKey", async () => {
    const res = await p.call("POST", "/api/v1/web/consent/log/create", { body: logBody([1]), apiKey: null });
    expect(res.status).toBe(401);
  });
});
