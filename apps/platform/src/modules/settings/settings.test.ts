import { MEDIA_SIZE_NAMES } from "@shop/contracts";
import { seedMedia } from "@shop/db/seed/media.ts";
import { translator } from "@shop/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let customerToken: string;
let adminToken: string;
const en = translator("en");

beforeAll(async () => {
  p = await createTestPlatform();
  customerToken = (await p.login(await p.createUser())).accessToken;
  adminToken = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  await p.db
    .insertInto("languages")
    .values([
      {
        id: 1,
        code: "hrv",
        code2: "hr",
        name: "Croatian",
        name_hrv: "hrvatski",
        name_eng: "Croatian",
        name_ger: "Kroatisch",
        name_srp: "hrvatski",
      },
      {
        id: 2,
        code: "eng",
        code2: "en",
        name: "English",
        name_hrv: "engleski",
        name_eng: "English",
        name_ger: "Englisch",
        name_srp: "engleski",
      },
      {
        id: 3,
        code: "bod",
        code2: "",
        name: "Tibetan",
        name_hrv: "tibetski",
        name_eng: "Tibetan",
        name_ger: "Tibetisch",
        name_srp: "tibetanski",
      },
    ])
    .execute();
  await p.db
    .insertInto("countries")
    .values([
      { id: 191, iso: "HRV", code: "HR", name_hr: "Hrvatska", name_en: "Croatia", name_de: "Kroatien" },
      { id: 276, iso: "DEU", code: "DE", name_hr: "Njemačka", name_en: "Germany", name_de: "Deutschland" },
      { id: 40, iso: "AUT", code: "AT", name_hr: "Austrija", name_en: "Austria", name_de: "Österreich" },
      { id: 705, iso: "SVN", code: "SI", name_hr: "Slovenija", name_en: "Slovenia", name_de: "Slowenien" },
    ])
    .execute();
});
afterAll(() => p.close());

type Country = { id: number; iso: string; code: string; name: string };

describe("GET /v1/commons", () => {
  it("lists languages", async () => {
    const res = await p.call<{ code: string; code2: string; name_hrv: string }[]>("GET", "/api/v1/commons?type=languages");
    expect(res.status).toBe(200);
    expect(res.body.data.map((l) => l.code)).toEqual(["hrv", "eng", "bod"]);
    expect(res.body.data[0]).toMatchObject({ code2: "hr", name_hrv: "hrvatski" });
  });

  it("lists countries named and sorted in the request language", async () => {
    const hr = await p.call<Country[]>("GET", "/api/v1/commons?type=countries");
    expect(hr.body.data.map((c) => c.name)).toEqual(["Austrija", "Hrvatska", "Njemačka", "Slovenija"]);
    expect(hr.body.data[1]).toEqual({ id: 191, iso: "HRV", code: "HR", name: "Hrvatska" });
    const de = await p.call<Country[]>("GET", "/api/v1/commons?type=countries", { language: "de" });
    expect(de.body.data.map((c) => c.name)).toEqual(["Deutschland", "Kroatien", "Österreich", "Slowenien"]);
  });

  it("refuses an unknown type with 400", async () => {
    const res = await p.call("GET", "/api/v1/commons?type=users");
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("type");
  });
});

describe("GET /v1/settings/getCheckoutSettings", () => {
  it("defaults to every country and the cart popup", async () => {
    const res = await p.call("GET", "/api/v1/settings/getCheckoutSettings");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ allowedCountries: "ALL", cart_type: "default", cartAddBehaviour: 2, skipShippingStep: false });
  });

  it("reads the allowed countries and cart-add behaviour from the options", async () => {
    await p.db
      .insertInto("cms_options")
      .values([
        { key: "AllowedCountries", value: "HR, SI", media_id: null },
        { key: "CartAddBehaviour", value: "0", media_id: null },
      ])
      .execute();
    const res = await p.call("GET", "/api/v1/settings/getCheckoutSettings");
    expect(res.body.data).toMatchObject({ allowedCountries: ["HR", "SI"], cartAddBehaviour: 0 });
    await p.db.deleteFrom("cms_options").where("key", "in", ["AllowedCountries", "CartAddBehaviour"]).execute();
  });
});

describe("GET /v2/settings/getCurrencyConfig", () => {
  it("answers EUR as the only and main currency", async () => {
    const res = await p.call<{ allowedCurrencies: { id: number; code: string; symbol: string }[]; mainCurrencyId: number }>(
      "GET",
      "/api/v2/settings/getCurrencyConfig",
    );
    expect(res.status).toBe(200);
    expect(res.body.data.allowedCurrencies).toEqual([expect.objectContaining({ code: "EUR", symbol: "€", decimals: 2 })]);
    expect(res.body.data.mainCurrencyId).toBe(res.body.data.allowedCurrencies[0]?.id);
  });
});

describe("POST /v2/domainDetect", () => {
  it("answers the calling site's configuration", async () => {
    const site = await p.db.selectFrom("sites").selectAll().where("api_key", "=", p.apiKey).executeTakeFirstOrThrow();
    const res = await p.call("POST", "/api/v2/domainDetect", { body: {}, headers: { referer: "http://shop.test/" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      apiKeyId: site.id,
      siteID: site.id,
      site: { name: p.siteName, url: site.url },
      stores: expect.arrayContaining([{ language: "hr", storeID: 1 }]),
      extra: { currencyConfig: { mainCurrency: { code: "EUR" } }, checkoutSettings: { allowedCountries: "ALL" } },
    });
    expect(JSON.stringify(res.body.data)).not.toContain(p.apiKey);
  });

  it("accepts a request without a body", async () => {
    const res = await p.call("POST", "/api/v2/domainDetect");
    expect(res.status).toBe(200);
  });

  it("lists the media options (SPEC §3), the sizes GET media/options answers", async () => {
    await p.db.transaction().execute((trx) => seedMedia({ trx, now: new Date().toISOString(), users: null }));
    const res = await p.call<{ extra: { mediaOptions: { key: string; x: number }[] } }>("POST", "/api/v2/domainDetect");
    const options = await p.call<{ records: unknown[] }>("GET", "/api/v1/media/options");
    expect(res.body.data.extra.mediaOptions.map((o) => o.key)).toEqual(expect.arrayContaining([...MEDIA_SIZE_NAMES]));
    expect(res.body.data.extra.mediaOptions).toEqual(options.body.data.records);
  });
});

describe("GET /v1/option/filter", () => {
  type Options = { records: { key: string; value: string }[] };
  const keys = (res: { body: { data: Options } }) => res.body.data.records.map((r) => r.key).sort();

  beforeAll(async () => {
    await p.db
      .insertInto("cms_options")
      .values([
        { key: "Logo", value: "/media/logo.svg", media_id: null },
        { key: "SendEmailTo", value: "vlasnik@autopraonica.hr", media_id: null },
        { key: "SendGdprTo", value: "gdpr@autopraonica.hr", media_id: null },
      ])
      .execute();
  });

  it("hides non-public options from anonymous users", async () => {
    const res = await p.call<Options>("GET", "/api/v1/option/filter");
    expect(res.status).toBe(200);
    expect(keys(res)).toEqual(["Logo"]);
    expect(JSON.stringify(res.body)).not.toContain("vlasnik@");
  });

  it("hides them from customers and when asked for by key", async () => {
    expect(keys(await p.call<Options>("GET", "/api/v1/option/filter", { token: customerToken }))).toEqual(["Logo"]);
    expect(keys(await p.call<Options>("GET", "/api/v1/option/filter?key=SendEmailTo"))).toEqual([]);
  });

  it("shows every option to backoffice users", async () => {
    const res = await p.call<Options>("GET", "/api/v1/option/filter", { token: adminToken });
    expect(keys(res)).toEqual(["Logo", "SendEmailTo", "SendGdprTo"]);
  });
});

describe("PUT /v1/option/:key", () => {
  it("creates an option, then replaces its value (one row per key)", async () => {
    const put = (value: string) => p.call("PUT", "/api/v1/option/TestOption", { token: adminToken, body: { value } });
    expect((await put("prvo")).body.data).toEqual({ key: "TestOption", value: "prvo" });
    expect((await put("drugo")).status).toBe(200);
    const rows = await p.db.selectFrom("cms_options").select("value").where("key", "=", "TestOption").execute();
    expect(rows).toEqual([{ value: "drugo" }]);
  });
});

describe("skipShippingStep", () => {
  const put = (value: string) => p.call("PUT", "/api/v1/option/SkipShippingStep", { token: adminToken, body: { value } });
  const skips = async () =>
    (await p.call<{ skipShippingStep: boolean }>("GET", "/api/v1/settings/getCheckoutSettings")).body.data.skipShippingStep;

  it("is switched on and off by staff", async () => {
    expect((await put("true")).status).toBe(200);
    expect(await skips()).toBe(true);
    expect((await put("false")).status).toBe(200);
    expect(await skips()).toBe(false);
  });

  it("refuses anything but true or false, in the request's language, and keeps the value it had", async () => {
    await put("true");
    const res = await p.call("PUT", "/api/v1/option/SkipShippingStep", { token: adminToken, body: { value: "yes" }, language: "en" });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields).toEqual([expect.objectContaining({ path: "value", message: en("validation.invalid") })]);
    expect(await skips()).toBe(true);
    await put("false");
  });

  it("cannot be set by a customer", async () => {
    const res = await p.call("PUT", "/api/v1/option/SkipShippingStep", { token: customerToken, body: { value: "true" } });
    expect(res.status).toBe(403);
    expect(await skips()).toBe(false);
  });
});

describe("PUT /v1/maintenance", () => {
  const put = (token: string | undefined, enabled: boolean) => p.call("PUT", "/api/v1/maintenance", { token, body: { enabled } });

  it("needs a login (401)", async () => {
    expect((await put(undefined, true)).status).toBe(401);
  });

  it("needs a backoffice user (403 for a customer)", async () => {
    const res = await put(customerToken, true);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("FORBIDDEN");
  });

  it("switches maintenance mode for a backoffice user", async () => {
    const res = await put(adminToken, true);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: true });
    const option = await p.call<{ records: { key: string; value: string }[] }>("GET", "/api/v1/option/filter?key=MaintenanceMode");
    expect(option.body.data.records).toEqual([expect.objectContaining({ key: "MaintenanceMode", value: "true" })]);
    await put(adminToken, false);
  });

  it("validates the body", async () => {
    const res = await p.call("PUT", "/api/v1/maintenance", { token: adminToken, body: { enabled: "yes" } });
    expect(res.status).toBe(400);
  });
});

describe("PUT /v1/maintenance with a message", () => {
  type Options = { records: { key: string; value: string }[] };
  const message = async () =>
    (await p.call<Options>("GET", "/api/v1/option/filter?key=MaintenanceMessage")).body.data.records[0]?.value ?? null;

  it("keeps the maintenance page's message per language, readable by visitors, and leaves it when none is sent", async () => {
    const res = await p.call("PUT", "/api/v1/maintenance", {
      token: adminToken,
      body: { enabled: true, message: { hr: "  Vraćamo se u 14 h.  ", en: "Back at 2 pm.", de: "" } },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse((await message()) ?? "")).toEqual({ hr: "Vraćamo se u 14 h.", en: "Back at 2 pm." });
    await p.call("PUT", "/api/v1/maintenance", { token: adminToken, body: { enabled: false } });
    expect(JSON.parse((await message()) ?? "")).toEqual({ hr: "Vraćamo se u 14 h.", en: "Back at 2 pm." });
    const audit = await p.db.selectFrom("audit_log").select(["entity_id", "action"]).where("entity", "=", "settings.option").execute();
    expect(audit).toEqual(expect.arrayContaining([{ entity_id: "MaintenanceMessage", action: "option.set" }]));
  });

  it("refuses a message that is too long, and changes nothing", async () => {
    const before = await message();
    const res = await p.call("PUT", "/api/v1/maintenance", {
      token: adminToken,
      language: "en",
      body: { enabled: true, message: { hr: "x".repeat(1001) } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]?.path).toBe("message.hr");
    expect(await message()).toBe(before);
    const mode = await p.call<Options>("GET", "/api/v1/option/filter?key=MaintenanceMode");
    expect(mode.body.data.records[0]?.value).toBe("false");
  });
});

describe("PUT /v1/options", () => {
  type Options = { records: { key: string; value: string }[] };
  const values = async (keys: string[]) => {
    const all = await p.call<Options>("GET", "/api/v1/option/filter", { token: adminToken });
    return Object.fromEntries(all.body.data.records.filter((r) => keys.includes(r.key)).map((r) => [r.key, r.value]));
  };

  it("saves several options in one change, auditing only the changed ones", async () => {
    await p.call("PUT", "/api/v1/options", { token: adminToken, body: { options: { ContactPhone: "+385 1 111", OpeningHours: "8–16" } } });
    const res = await p.call<{ changed: string[] }>("PUT", "/api/v1/options", {
      token: adminToken,
      body: { options: { ContactPhone: "+385 1 222", OpeningHours: "8–16", RequireAdminPublishing: "false" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.changed.sort()).toEqual(["ContactPhone", "RequireAdminPublishing"]);
    expect(await values(["ContactPhone", "OpeningHours", "RequireAdminPublishing"])).toEqual({
      ContactPhone: "+385 1 222",
      OpeningHours: "8–16",
      RequireAdminPublishing: "false",
    });
    const rows = await p.db.selectFrom("audit_log").select("after_json").where("entity_id", "=", "ContactPhone").orderBy("id").execute();
    expect(rows.map((r) => JSON.parse(r.after_json ?? "null"))).toEqual([{ value: "+385 1 111" }, { value: "+385 1 222" }]);
  });

  it("refuses a bad value with its field in the user's language and saves none of the others", async () => {
    const res = await p.call("PUT", "/api/v1/options", {
      token: adminToken,
      language: "en",
      body: {
        options: {
          ContactPhone: "+385 1 333",
          ContactEmail: "not-an-address",
          GoogleAnalyticsId: "UA-1",
          UserCanEditComment: "yes",
          NumberOfStars: "11",
        },
      },
    });
    expect(res.status).toBe(400);
    const paths = (res.body.error?.payload.fields ?? []).map((f) => f.path).sort();
    expect(paths).toEqual(["options.ContactEmail", "options.GoogleAnalyticsId", "options.NumberOfStars", "options.UserCanEditComment"]);
    expect(res.body.error?.payload.fields?.find((f) => f.path === "options.ContactEmail")?.message).toBe(en("validation.email"));
    expect((await values(["ContactPhone"])).ContactPhone).toBe("+385 1 222");
  });

  it("refuses an empty change and is for staff with the settings scope", async () => {
    expect((await p.call("PUT", "/api/v1/options", { token: adminToken, body: { options: {} } })).status).toBe(400);
    expect((await p.call("PUT", "/api/v1/options", { body: { options: { ContactPhone: "1" } } })).status).toBe(401);
    const customer = await p.call("PUT", "/api/v1/options", { token: customerToken, body: { options: { ContactPhone: "1" } } });
    expect(customer.status).toBe(403);
  });
});
