import type { AdminMemberCard, Paged } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { backofficeToken } from "../cms/cms.fixtures.ts";

/** Issue 12: the back office's membership cards — issue to a customer, change, revoke; the card check honours validity. */

let p: TestPlatform;
let staff: string;
let holder: { email: string; token: string };
let customer: string;

beforeAll(async () => {
  p = await createTestPlatform();
  staff = await backofficeToken(p);
  const user = await p.createUser({ firstName: "Iva", lastName: "Kovač" });
  holder = { email: user.email, token: (await p.login(user)).accessToken };
  customer = (await p.login(await p.createUser())).accessToken;
});
afterAll(() => p.close());

const call = (method: "POST" | "PUT", path: string, body?: unknown, language?: string) =>
  p.call<AdminMemberCard>(method, `/api/v1/admin/member-card${path}`, { token: staff, body, language });
const valid = async (barcode: string) =>
  (await p.call<{ isValid: boolean }>("POST", "/api/v1/user/web/validateMembersBarcode", { token: holder.token, body: { barcode } })).body
    .data.isValid;

describe("membership cards", () => {
  it("issues a card to a customer, changes its validity, and revokes it", async () => {
    const res = await call("POST", "", {
      barcode: "CLAN-0001",
      holderEmail: holder.email.toUpperCase(),
      validUntil: "2099-01-01T00:00:00Z",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ barcode: "CLAN-0001", holderEmail: holder.email, holderName: "Iva Kovač", revokedAt: null });
    expect(await valid("CLAN-0001")).toBe(true);
    await call("PUT", `/${res.body.data.id}`, { barcode: "CLAN-0001", holderEmail: holder.email, validUntil: "2001-01-01T00:00:00Z" });
    expect(await valid("CLAN-0001")).toBe(false);
    await call("PUT", `/${res.body.data.id}`, { barcode: "CLAN-0001", holderEmail: holder.email, validUntil: null });
    expect(await valid("CLAN-0001")).toBe(true);
    const revoked = await call("POST", `/${res.body.data.id}/revoke`);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expect(await valid("CLAN-0001")).toBe(false);
    const list = await p.call<Paged<AdminMemberCard>>("POST", "/api/v1/admin/member-card/filter", { token: staff, body: { q: "clan-00" } });
    expect(list.body.data.records.map((r) => r.barcode)).toEqual(["CLAN-0001"]);
  });

  it("refuses a taken barcode and an unknown holder with translated field errors", async () => {
    await call("POST", "", { barcode: "CLAN-0002", holderEmail: holder.email });
    for (const [language, text] of [
      ["hr", "Kartica s tim barkodom već postoji."],
      ["en", "A card with this barcode already exists."],
      ["de", "Eine Karte mit diesem Barcode existiert bereits."],
    ] as const) {
      const res = await call("POST", "", { barcode: "CLAN-0002", holderEmail: holder.email }, language);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    const nobody = await call("POST", "", { barcode: "CLAN-0003", holderEmail: "nitko@example.hr" }, "en");
    expect(JSON.stringify(nobody.body)).toContain("There is no customer account");
    const bad = await call("POST", "", { barcode: "ima razmak", holderEmail: "x" }, "hr");
    expect(JSON.stringify(bad.body)).toContain("barcode");
    expect(JSON.stringify(bad.body)).toContain("holderEmail");
    expect((await call("POST", "/999999/revoke")).status).toBe(404);
  });

  it("refuses anonymous callers 401 and customers 403", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/v1/admin/member-card/filter", {}],
      ["POST", "/api/v1/admin/member-card", { barcode: "X", holderEmail: "a@b.hr" }],
      ["PUT", "/api/v1/admin/member-card/1", { barcode: "X", holderEmail: "a@b.hr" }],
      ["POST", "/api/v1/admin/member-card/1/revoke", undefined],
    ] as const) {
      expect((await p.call(method, path, { body })).status, path).toBe(401);
      expect((await p.call(method, path, { body, token: customer })).status, path).toBe(403);
    }
  });
});
