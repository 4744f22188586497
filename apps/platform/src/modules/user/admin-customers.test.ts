import type { AccountExport, CustomerRow, Paged } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertCartCatalog } from "../cart/cart.fixtures.ts";
import { insertCheckoutSetup, placeOrder } from "../orders/orders.fixtures.ts";

/** Issue 12: customers for staff — search, everything held about one, and erasure by an administrator. */

let p: TestPlatform;
let orders: string;
let admin: string;
let wax: number;

beforeAll(async () => {
  p = await createTestPlatform();
  wax = (await insertCartCatalog(p.db)).wax;
  await insertCheckoutSetup(p.db);
  orders = (await p.login(await p.createUser({ staffScopes: ["orders"] }))).accessToken;
  admin = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
});
afterAll(() => p.close());

const list = (body: Record<string, unknown>, token = orders) =>
  p.call<Paged<CustomerRow>>("POST", "/api/v1/admin/customer/filter", { token, body });

describe("customers", () => {
  it("finds customers by e-mail or name, never staff", async () => {
    const tena = await p.createUser({ firstName: "Tena", lastName: "Horvat", email: "tena.horvat@example.hr" });
    await p.createUser({ firstName: "Tena", lastName: "Staff", email: "tena.staff@example.hr", isBackoffice: true });
    const byName = await list({ q: "tena horvat" });
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(byName.body.data.records.map((c) => c.id)).toEqual([tena.id]);
    expect((await list({ q: "TENA" })).body.data.records.map((c) => c.email)).toEqual(["tena.horvat@example.hr"]);
    expect((await list({ q: "%" })).body.data.records).toEqual([]);
  });

  it("finds a customer by the company OIB of a saved address", async () => {
    const firm = await p.createUser({ firstName: "Marko", lastName: "Firma" });
    const now = new Date().toISOString();
    await p.db
      .insertInto("addresses")
      .values({
        user_id: firm.id,
        type: "billing",
        first_name: "Marko",
        last_name: "Firma",
        contact_email: firm.email,
        contact_phone: "+385911234567",
        country: "HR",
        city: "Zagreb",
        street: "Ilica",
        house_number: "1",
        zip_code: "10000",
        company_name: "Pranje d.o.o.",
        company_oib: "69435151530",
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await list({ q: "69435151530" })).body.data.records.map((c) => c.id)).toEqual([firm.id]);
    expect((await list({ q: "4351515" })).body.data.records.map((c) => c.id)).toEqual([firm.id]);
  });

  it("shows everything held about a customer, and an administrator erases it keeping the orders anonymised", async () => {
    const user = await p.createUser({ firstName: "Borna", lastName: "Kos" });
    const token = (await p.login(user)).accessToken;
    const placed = await placeOrder(p, wax, { token });
    const data = await p.call<AccountExport>("GET", `/api/v1/admin/customer/${user.id}`, { token: orders });
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body.data.account).toMatchObject({ id: user.id, email: user.email, firstName: "Borna" });
    expect(data.body.data.orders.map((o) => o.code)).toEqual([placed.code]);

    // Erasing is the administrator's, and needs the confirmation.
    expect((await p.call("POST", `/api/v1/admin/customer/${user.id}/erase`, { token: orders, body: { confirm: true } })).status).toBe(403);
    expect((await p.call("POST", `/api/v1/admin/customer/${user.id}/erase`, { token: admin, body: {} })).status).toBe(400);
    const erased = await p.call("POST", `/api/v1/admin/customer/${user.id}/erase`, { token: admin, body: { confirm: true } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await p.call("GET", `/api/v1/admin/customer/${user.id}`, { token: orders })).status).toBe(404);
    const order = await p.db.selectFrom("orders").select(["user_id", "email"]).where("code", "=", placed.code).executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
    expect(order.email).not.toBe(user.email);
    const audit = await p.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "customer")
      .where("entity_id", "=", String(user.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["erase"]);
  });

  it("answers a staff account's id exactly like a missing one", async () => {
    const staff = await p.createUser({ isBackoffice: true });
    const asStaff = await p.call("GET", `/api/v1/admin/customer/${staff.id}`, { token: orders });
    const missing = await p.call("GET", "/api/v1/admin/customer/987654", { token: orders });
    expect(asStaff.status).toBe(404);
    const { requestId: _a, ...one } = asStaff.body as unknown as Record<string, unknown>;
    const { requestId: _b, ...other } = missing.body as unknown as Record<string, unknown>;
    expect(one).toEqual(other);
    expect((await p.call("POST", `/api/v1/admin/customer/${staff.id}/erase`, { token: admin, body: { confirm: true } })).status).toBe(404);
  });
});
