import { SYSTEM_ROUTES } from "@shop/contracts";
import { translator } from "@shop/i18n";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInCustomer } from "./customers.test-support.ts";
import { STREAMED_UPLOADS } from "./form-posts.ts";
import { staffWith } from "./staff-login.test-support.ts";
import { createTestShop, type TestShop } from "./testing.ts";

/** The browser's uploads to the media library (ADR 26): streamed to the platform with the staff member's session. */

let shop: TestShop;
const ORIGIN = "http://localhost";

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.stop());

async function photo(background: string): Promise<Blob> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)]);
}

async function twoPhotos(): Promise<FormData> {
  const form = new FormData();
  form.append("file", await photo("#f00"), "crvena.png");
  form.append("file", await photo("#00f"), "plava.png");
  return form;
}

const upload = (body: BodyInit, headers: Record<string, string>) =>
  shop.app.request(SYSTEM_ROUTES.adminMediaUpload, { method: "POST", body, headers: { origin: ORIGIN, ...headers } });

const countMedia = async () =>
  Number(
    (
      await shop.db.db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("SYSTEM_ROUTES.adminMediaUpload", () => {
  it("is passed on unread", () => {
    expect(STREAMED_UPLOADS.has(SYSTEM_ROUTES.adminMediaUpload)).toBe(true);
  });

  it("lands a staff member's two files, answering the platform's answer to a script", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const before = await countMedia();
    const res = await upload(await twoPhotos(), { cookie, accept: "application/json" });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; data: { records: { originalName: string; width: number }[]; refused: unknown[] } };
    expect(answer.ok).toBe(true);
    expect(answer.data.records.map((r) => [r.originalName, r.width])).toEqual([
      ["crvena.png", 40],
      ["plava.png", 40],
    ]);
    expect(answer.data.refused).toEqual([]);
    expect(await countMedia()).toBe(before + 2);
  });

  it("sends a form posted without JavaScript back to the library with what was kept and refused", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const form = await twoPhotos();
    form.append("file", new Blob(["<?php echo 1; ?>"]), "slika.jpg");
    const res = await upload(form, { cookie });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "", ORIGIN);
    expect(location.pathname).toBe(SYSTEM_ROUTES.adminMedia);
    expect(location.searchParams.get("added")).toBe("2");
    expect(location.searchParams.getAll("refused")).toEqual(["contentMismatch:slika.jpg"]);
  });

  it("refuses a post from another site before reading it, and a body that is not multipart", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const before = await countMedia();
    const cross = await upload(await twoPhotos(), { cookie, origin: "https://napadac.example", accept: "application/json" });
    expect(cross.status).toBe(403);
    expect(await cross.text()).toBe(translator("hr")("error.crossSite"));
    const json = await upload(JSON.stringify({ file: "x" }), { cookie, "content-type": "application/json" });
    expect(json.status).toBe(415);
    expect(await countMedia()).toBe(before);
  });

  it("refuses a customer and a visitor", async () => {
    const before = await countMedia();
    const customer = await loggedInCustomer(shop, { emailPrefix: "kupac-medij" });
    const asCustomer = await upload(await twoPhotos(), { cookie: customer.jar.header(), accept: "application/json" });
    expect(asCustomer.status).toBe(403);
    const anonymous = await upload(await twoPhotos(), { accept: "application/json" });
    expect(anonymous.status).toBe(403);
    expect(await countMedia()).toBe(before);
  });

  it("refuses 21 files at once with the platform's message, keeping none", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const before = await countMedia();
    const form = new FormData();
    for (let i = 0; i < 21; i++) form.append("file", new Blob([`a;b\n${i};x\n`]), `c${i}.csv`);
    const res = await upload(form, { cookie, accept: "application/json" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(translator("hr")("media.tooManyFiles", { max: 20 }));
    expect(await countMedia()).toBe(before);
  });

  it("offers a document's own address in the library, which the shop answers with the file as a download", async () => {
    const cookie = await staffWith(shop, ["content"]);
    const form = new FormData();
    form.append("file", new Blob(["usluga;cijena\nPranje;10,00\n"]), "Cjenik.csv");
    const res = await upload(form, { cookie, accept: "application/json" });
    const [csv] = ((await res.json()) as { data: { records: { id: number; url: string }[] } }).data.records;
    expect(csv?.url).toMatch(/\/MediumSize\/cjenik\.csv\/[a-f0-9]{64}$/);
    const page = await shop.app.request(`${SYSTEM_ROUTES.adminMedia}?edit=${csv?.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<a href="${csv?.url}" download="">${translator("hr")("admin.media.download")}</a>`);
    const file = await shop.app.request(csv?.url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="cjenik.csv"');
    expect(await file.text()).toBe("usluga;cijena\nPranje;10,00\n");
  });
});
