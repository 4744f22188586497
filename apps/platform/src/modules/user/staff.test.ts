import type { AuditPage, StaffList, StaffView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let admin: { id: number; token: string };

beforeAll(async () => {
  p = await createTestPlatform();
  const user = await p.createUser({ isBackoffice: true, firstName: "Ana" });
  admin = { id: user.id, token: (await p.login(user)).accessToken };
});
afterAll(() => p.close());

const newEmail = () => `osoblje-${Math.random().toString(36).slice(2, 10)}@example.hr`;

const create = (body: unknown, token = admin.token) => p.call<StaffView>("POST", "/api/v1/staff/create", { token, body });
const update = (id: number, body: unknown, token = admin.token) =>
  p.call<StaffView>("PATCH", `/api/v1/staff/update/${id}`, { token, body });
const auditOf = (query: string) => p.call<AuditPage>("GET", `/api/v1/audit/filter?${query}`, { token: admin.token });

describe("staff management (administrator)", () => {
  it("creates staff with scopes, invites them by e-mail and lists them", async () => {
    const email = newEmail();
    const res = await create({ email, firstName: "Iva", lastName: "Perić", role: "staff", scopes: ["content", "shop"], language: "en" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email, role: "staff", scopes: ["content", "shop"], language: "en" });
    const mail = await p.waitForMail((m) => m.to.includes(email));
    expect(mail.text).toContain("token=");
    const list = await p.call<StaffList>("GET", "/api/v1/staff/filter", { token: admin.token });
    expect(list.body.data.records.find((s) => s.email === email)).toMatchObject({ role: "staff", scopes: ["content", "shop"] });
    expect(list.body.data.records.some((s) => s.id === admin.id && s.role === "administrator")).toBe(true);
  });

  it("refuses an e-mail that has an account, with the field named", async () => {
    const customer = await p.createUser();
    const res = await create({ email: customer.email, firstName: "Iva", lastName: "Perić", role: "staff", scopes: [] });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "email", key: "admin.staff.emailTaken" });
  });

  it("a changed role applies to the staff member's very next request, with the token they already hold", async () => {
    const staff = await p.createUser({ staffScopes: ["content"] });
    const token = (await p.login(staff)).accessToken;
    const maintenance = () => p.call("PUT", "/api/v1/maintenance", { token, body: { enabled: false } });
    expect((await maintenance()).status).toBe(403);
    expect((await update(staff.id, { role: "staff", scopes: ["content", "settings"] })).body.data.scopes).toEqual(["content", "settings"]);
    expect((await maintenance()).status).toBe(200);
    await update(staff.id, { role: "staff", scopes: [] });
    expect((await maintenance()).body.error?.code).toBe("STAFF_SCOPE_MISSING");
  });

  it("answers a customer's id like a missing one", async () => {
    const customer = await p.createUser();
    const [asCustomer, missing] = [
      await update(customer.id, { role: "administrator" }),
      await update(2_000_000, { role: "administrator" }),
    ];
    expect(asCustomer.status).toBe(404);
    expect(asCustomer.body.error).toEqual(missing.body.error);
  });

  it("keeps the last administrator one, even when two demote each other at once", async () => {
    const others = await p.db
      .selectFrom("users")
      .select("id")
      .where("staff_role", "=", "administrator")
      .where("id", "!=", admin.id)
      .execute();
    for (const { id } of others) await update(id, { role: "staff", scopes: [] });
    expect((await update(admin.id, { role: "staff", scopes: [] })).body.error?.payload.key).toBe("admin.staff.lastAdministrator");

    const second = await p.createUser({ isBackoffice: true });
    const secondToken = (await p.login(second)).accessToken;
    const results = await Promise.all([
      update(second.id, { role: "staff", scopes: [] }, admin.token),
      update(admin.id, { role: "staff", scopes: [] }, secondToken),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const left = await p.db.selectFrom("users").select("id").where("staff_role", "=", "administrator").execute();
    expect(left).toHaveLength(1);
    // Whoever is left restores the other, so later tests have both.
    const survivor = left[0]?.id === admin.id ? admin.token : secondToken;
    await update(left[0]?.id === admin.id ? second.id : admin.id, { role: "administrator" }, survivor);
  });
});

describe("audit log", () => {
  it("records a role change and an option with before and after, and another change with what was sent", async () => {
    const staff = await p.createUser({ staffScopes: ["orders"] });
    await update(staff.id, { role: "staff", scopes: ["orders", "shop"] });
    const roleChange = (await auditOf(`entity=user.staff&userId=${admin.id}`)).body.data.records.find(
      (r) => r.entityId === String(staff.id),
    );
    expect(roleChange).toMatchObject({
      userId: admin.id,
      action: "staff.update",
      before: { scopes: ["orders"] },
      after: { scopes: ["shop", "orders"] },
    });
    const setName = (value: string) => p.call("PUT", "/api/v1/option/CompanyName", { token: admin.token, body: { value } });
    expect((await setName("Autopraonica d.o.o.")).status).toBe(200);
    expect((await setName("Autopraonica Zagreb d.o.o.")).status).toBe(200);
    expect((await auditOf("entity=settings.option")).body.data.records[0]).toMatchObject({
      entityId: "CompanyName",
      before: { value: "Autopraonica d.o.o." },
      after: { value: "Autopraonica Zagreb d.o.o." },
    });
    const redirect = { fromPath: `/stara-${Date.now()}`, toPath: "/kontakt", status: 301 };
    const made = await p.call<{ id: number }>("POST", "/api/v1/redirect/create", { token: admin.token, body: redirect });
    expect(made.status).toBe(200);
    const generic = (await auditOf("entity=cms")).body.data.records[0];
    expect(generic).toMatchObject({
      userId: admin.id,
      entityId: String(made.body.data.id),
      action: "POST /v1/redirect/create",
      after: redirect,
    });
    expect(generic?.userEmail).toContain("@");
  });

  it("writes no row for a change that failed, and none for reading", async () => {
    const before = (await auditOf("perPage=1")).body.data.pagination.totalRecords;
    await update(admin.id, { role: "nobody" });
    await p.call("GET", "/api/v1/staff/filter", { token: admin.token });
    expect((await p.call("POST", "/api/v1/media/filterStandard", { token: admin.token, body: {} })).status).toBe(200);
    expect((await auditOf("perPage=1")).body.data.pagination.totalRecords).toBe(before);
  });

  it("filters by day and pages newest first", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = (await auditOf(`from=${today}&to=${today}&perPage=1&page=1`)).body.data;
    expect(page.records).toHaveLength(1);
    expect(page.pagination.totalRecords).toBeGreaterThan(1);
    expect((await auditOf("to=2000-01-01")).body.data.records).toEqual([]);
    expect((await auditOf("from=yesterday")).status).toBe(400);
  });
});
