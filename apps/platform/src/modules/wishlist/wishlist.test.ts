import type { WishlistPage, WishlistToggleAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { insertProduct } from "../reviews/product.fixtures.ts";

let p: TestPlatform;
let shampoo: number;
let cloth: number;
let archived: number;

interface Member {
  id: number;
  token: string;
}

beforeAll(async () => {
  p = await createTestPlatform();
  shampoo = await insertProduct(p.db, {
    translations: [
      { lang: "hr", name: "Auto šampon", slug: "auto-sampon-test" },
      { lang: "en", name: "Car shampoo", slug: "car-shampoo-test" },
    ],
  });
  cloth = await insertProduct(p.db, { translations: [{ lang: "hr", name: "Mikrofiber krpa", slug: "mikrofiber-krpa-test" }] });
  archived = await insertProduct(p.db, { archived: true });
});
afterAll(() => p.close());

async function member(): Promise<Member> {
  const user = await p.createUser();
  return { id: user.id, token: (await p.login(user)).accessToken };
}

const toggle = (token: string | undefined, body: unknown) =>
  p.call<WishlistToggleAnswer>("POST", "/api/v1/wishlist/toggle", { body, token });
const create = (token: string | undefined, body: unknown) =>
  p.call<WishlistToggleAnswer>("POST", "/api/v1/wishlist/create", { body, token });
const remove = (token: string | undefined, id: number | string) =>
  p.call<WishlistToggleAnswer>("DELETE", `/api/v1/wishlist/delete/${id}`, { token });
const filter = (token: string | undefined, query = "", language?: string) =>
  p.call<WishlistPage>("GET", `/api/v1/wishlist/filter${query}`, { token, language });

const productIds = async (token: string) => (await filter(token, "?limit=9999")).body.data.records.map((r) => r.product_id);
const rowsOf = (userId: number) => p.db.selectFrom("wishlist_items").select("product_id").where("user_id", "=", userId).execute();

describe("POST /v1/wishlist/toggle", () => {
  it("adds a product that is not on the list and removes one that is (SPEC §4)", async () => {
    const ivana = await member();
    const added = await toggle(ivana.token, { product_id: shampoo });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual({ wishlisted: true, message: "addedToWishlist" });
    expect(await productIds(ivana.token)).toEqual([shampoo]);

    const removed = await toggle(ivana.token, { product_id: shampoo });
    expect(removed.body.data).toEqual({ wishlisted: false, message: "removedFromWishlist" });
    expect(await productIds(ivana.token)).toEqual([]);
    expect(await rowsOf(ivana.id)).toHaveLength(0);
  });

  it("answers 404 when adding an unknown or archived product, but lets an archived one be removed", async () => {
    const ivana = await member();
    for (const productId of [987654, archived]) {
      const res = await toggle(ivana.token, { product_id: productId });
      expect(res.status, String(productId)).toBe(404);
      expect(res.body.error?.code).toBe("NOT_FOUND");
    }
    expect(await rowsOf(ivana.id)).toHaveLength(0);

    const later = await insertProduct(p.db);
    await toggle(ivana.token, { product_id: later });
    await p.db.updateTable("products").set({ archived: 1 }).where("id", "=", later).execute();
    expect((await toggle(ivana.token, { product_id: later })).body.data.wishlisted).toBe(false);
    expect(await rowsOf(ivana.id)).toHaveLength(0);
  });

  it("refuses a bad product id with a translated 400", async () => {
    const ivana = await member();
    for (const body of [{}, { product_id: "abc" }, { product_id: 0 }, { product_id: -4 }, { product_id: 1.5 }, { product_id: 2 ** 31 }]) {
      const res = await toggle(ivana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "product_id", message: "Neispravna vrijednost" });
    }
  });

  it("is for registered users only", async () => {
    expect((await toggle(undefined, { product_id: shampoo })).status).toBe(401);
    expect((await toggle("not-a-token", { product_id: shampoo })).status).toBe(401);
  });

  it("limits how fast one user changes the list", async () => {
    const busy = await member();
    for (let i = 0; i < 60; i++) expect((await toggle(busy.token, { product_id: cloth })).status).toBe(200);
    const limited = await toggle(busy.token, { product_id: cloth });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /v1/wishlist/create", () => {
  it("adds once however often it is called, also in parallel", async () => {
    const ivana = await member();
    const first = await create(ivana.token, { product_id: shampoo });
    expect(first.body.data).toEqual({ wishlisted: true, message: "addedToWishlist" });
    const again = await Promise.all(Array.from({ length: 4 }, () => create(ivana.token, { product_id: shampoo })));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(again.every((r) => r.body.data.wishlisted)).toBe(true);
    expect(await rowsOf(ivana.id)).toHaveLength(1);
  });

  it("refuses unknown and archived products, bad ids and visitors", async () => {
    const ivana = await member();
    expect((await create(ivana.token, { product_id: 987654 })).status).toBe(404);
    expect((await create(ivana.token, { product_id: archived })).status).toBe(404);
    expect((await create(ivana.token, { product_id: "x" })).status).toBe(400);
    expect((await create(undefined, { product_id: shampoo })).status).toBe(401);
    expect(await rowsOf(ivana.id)).toHaveLength(0);
  });
});

describe("DELETE /v1/wishlist/delete/:id", () => {
  it("removes the product from the caller's list only", async () => {
    const ivana = await member();
    const marko = await member();
    await create(ivana.token, { product_id: shampoo });
    await create(marko.token, { product_id: shampoo });
    const res = await remove(ivana.token, shampoo);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ wishlisted: false, message: "removedFromWishlist" });
    expect(await productIds(ivana.token)).toEqual([]);
    expect(await productIds(marko.token)).toEqual([shampoo]);
    // Removing what is not there leaves the same state and is no error.
    expect((await remove(ivana.token, shampoo)).status).toBe(200);
  });

  it("refuses bad ids and visitors", async () => {
    const ivana = await member();
    expect((await remove(ivana.token, "abc")).status).toBe(400);
    expect((await remove(ivana.token, 0)).status).toBe(400);
    expect((await remove(undefined, shampoo)).status).toBe(401);
  });
});

describe("GET /v1/wishlist/filter", () => {
  it("lists the caller's items newest first with product cards in the request language", async () => {
    const ivana = await member();
    await create(ivana.token, { product_id: cloth });
    await create(ivana.token, { product_id: shampoo });
    const res = await filter(ivana.token, "", "en");
    expect(res.status).toBe(200);
    expect(res.body.data.records.map((r) => r.product_id)).toEqual([shampoo, cloth]);
    expect(res.body.data.records[0]).toMatchObject({
      id: expect.any(Number),
      product_id: shampoo,
      product: { id: shampoo, name: "Car shampoo", slug: "car-shampoo-test" },
    });
    expect(res.body.data.records[1]?.product).toMatchObject({ id: cloth, name: "Mikrofiber krpa" });
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 2, lastPage: 1 });
  });

  it("keeps a product that is no longer sold, marked archived", async () => {
    const ivana = await member();
    const gone = await insertProduct(p.db);
    await create(ivana.token, { product_id: gone });
    await p.db.updateTable("products").set({ archived: 1 }).where("id", "=", gone).execute();
    const res = await filter(ivana.token);
    expect(res.body.data.records.map((r) => [r.product_id, r.product.archived])).toEqual([[gone, true]]);
  });

  it("keeps every user's list separate", async () => {
    const ivana = await member();
    const marko = await member();
    await create(ivana.token, { product_id: shampoo });
    expect((await filter(marko.token)).body.data).toMatchObject({ records: [], pagination: { total: 0 } });
    await toggle(marko.token, { product_id: cloth });
    expect(await productIds(ivana.token)).toEqual([shampoo]);
    expect(await productIds(marko.token)).toEqual([cloth]);
  });

  it("pages, and accepts limits up to 9999 (SPEC §4) but not beyond", async () => {
    const ivana = await member();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertProduct(p.db);
      ids.push(id);
      await create(ivana.token, { product_id: id });
    }
    const page2 = await filter(ivana.token, "?page=2&limit=2");
    expect(page2.body.data.records.map((r) => r.product_id)).toEqual([ids[0]]);
    expect(page2.body.data.pagination).toMatchObject({ page: 2, limit: 2, total: 3, lastPage: 2 });

    const all = await filter(ivana.token, "?limit=9999");
    expect(all.status).toBe(200);
    expect(all.body.data.records).toHaveLength(3);
    for (const query of ["?limit=10000", "?limit=0", "?limit=abc", "?page=0", "?page=abc"]) {
      const res = await filter(ivana.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error?.payload.fields?.[0]?.message, query).toBe("Neispravna vrijednost");
    }
  });

  it("is for registered users only", async () => {
    expect((await filter(undefined)).status).toBe(401);
  });
});
