import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA_MAX_FILE_BYTES, type MediaView, parseMediaUrl, type RefusedFile } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { zipOf } from "./media.fixtures.ts";
import { createMediaApp } from "./media.serve.ts";

let p: TestPlatform;
let adminToken: string;

type Answer = { records: MediaView[]; refused: RefusedFile[] };

beforeAll(async () => {
  p = await createTestPlatform();
  adminToken = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
});
afterAll(() => p.close());

function form(files: { name: string; bytes: Buffer | string }[], customData?: unknown): FormData {
  const f = new FormData();
  for (const file of files)
    f.append("file", new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  if (customData !== undefined) f.append("customData", JSON.stringify(customData));
  return f;
}

const upload = (data: FormData, options: { token?: string; language?: string } = {}) =>
  p.call<Answer>("POST", "/api/v2/media/upload", { form: data, token: options.token ?? adminToken, language: options.language });

async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "GPS-TAJNA-1234", Artist: "Ivana" } })
    .toBuffer();
}

const countRows = async () => ({
  media: Number(
    (
      await p.db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  blobs: Number(
    (
      await p.db
        .selectFrom("media_blobs")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe("POST /v2/media/upload", () => {
  it("keeps a photo re-encoded without its EXIF, with its size and an audit row, and serves it from the store", async () => {
    const photo = await photoWithExif();
    expect(photo.includes("GPS-TAJNA-1234")).toBe(true);
    const res = await upload(form([{ name: "pjena na laku.jpg", bytes: photo }], { description: "Aktivna pjena" }));
    expect(res.status).toBe(200);
    const [media] = res.body.data?.records ?? [];
    expect(res.body.data?.refused).toEqual([]);
    expect(media).toMatchObject({ title: "pjena na laku", description: "Aktivna pjena", mime: "image/jpeg", extension: "jpg" });
    expect(media?.width).toBe(64);
    expect(media?.height).toBe(48);
    expect(media?.originalName).toBe("pjena na laku.jpg");
    // The key is the server's own, never the sent name.
    expect(media?.path).toMatch(/^originals\/[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/);

    const stored = await p.deps.media.get(media?.path ?? "");
    expect(stored).not.toBeNull();
    expect(stored?.includes("GPS-TAJNA-1234")).toBe(false);
    expect((await sharp(stored as Buffer).metadata()).exif).toBeUndefined();

    const audit = await p.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "media")
      .where("entity_id", "=", String(media?.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["upload"]);
    expect(parseMediaUrl(media?.url ?? "")).not.toBeNull();

    // Two instances, each with its own disk cache, serve it from the one database (MEDIA_STORE=database).
    for (const instance of ["a", "b"]) {
      const mediaDir = await mkdtemp(join(tmpdir(), `media-instance-${instance}-`));
      const app = new Hono().route("/media", createMediaApp(p.deps, { mediaDir }));
      const served = await app.request(media?.url ?? "");
      expect(served.status, instance).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64);
      await rm(mediaDir, { recursive: true, force: true });
    }
  });

  it("takes documents by their content: PDF, a zip, an OpenDocument-less plain zip and UTF-8 CSV", async () => {
    const zip = await zipOf([{ name: "cjenik.txt", bytes: Buffer.from("Pranje 10 €\n") }]);
    const res = await upload(
      form([
        { name: "ugovor.pdf", bytes: "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n" },
        { name: "arhiva.zip", bytes: zip },
        { name: "cjenik.csv", bytes: "usluga;cijena\nPranje;10,00\nŠampon;5,50\n" },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.refused).toEqual([]);
    expect(res.body.data?.records.map((r) => [r.extension, r.mime, r.url === null || r.width === null])).toEqual([
      ["pdf", "application/pdf", true],
      ["zip", "application/zip", true],
      ["csv", "text/csv", true],
    ]);
  });

  it("refuses each bad file on its own with its reason in the caller's language, keeping the good one", async () => {
    const before = await countRows();
    const bomb = await zipOf([{ name: "nule.bin", bytes: Buffer.alloc(40 * 1024 * 1024) }]);
    const res = await upload(
      form([
        { name: "slika.jpg", bytes: "<?php system($_GET['c']); ?>" },
        { name: "logo.svg", bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
        { name: "logo.png", bytes: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
        { name: "bomba.zip", bytes: bomb },
        { name: "prazno.pdf", bytes: Buffer.alloc(0) },
        { name: "program.exe", bytes: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 1)]) },
        { name: "podaci.csv", bytes: Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x00]) },
        {
          name: "dobra.png",
          bytes: await sharp({ create: { width: 8, height: 8, channels: 4, background: "#fff" } })
            .png()
            .toBuffer(),
        },
      ]),
      { language: "en" },
    );
    expect(res.status).toBe(200);
    const t = translator("en");
    expect(res.body.data?.refused).toEqual([
      { name: "slika.jpg", code: "contentMismatch", message: t("media.refused.contentMismatch") },
      { name: "logo.svg", code: "svg", message: t("media.refused.svg") },
      { name: "logo.png", code: "svg", message: t("media.refused.svg") },
      { name: "bomba.zip", code: "archiveTooLarge", message: t("media.refused.archiveTooLarge") },
      { name: "prazno.pdf", code: "empty", message: t("media.refused.empty") },
      { name: "program.exe", code: "typeNotAllowed", message: t("media.refused.typeNotAllowed") },
      { name: "podaci.csv", code: "contentMismatch", message: t("media.refused.contentMismatch") },
    ]);
    expect(res.body.data?.records.map((r) => r.originalName)).toEqual(["dobra.png"]);
    const after = await countRows();
    expect(after).toEqual({ media: before.media + 1, blobs: before.blobs + 1 });
  });

  it("cuts a file over the size limit and refuses it, reading no more of it", async () => {
    const big = Buffer.alloc(MEDIA_MAX_FILE_BYTES + 1, 0x41);
    const res = await upload(form([{ name: "velika.pdf", bytes: Buffer.concat([Buffer.from("%PDF-1.4\n"), big]) }]));
    expect(res.status).toBe(200);
    expect(res.body.data?.refused.map((r) => [r.code, r.message])).toEqual([
      ["tooLarge", translator("hr")("media.refused.tooLarge", { maxMb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 })],
    ]);
  });

  it("refuses 21 files at once as a whole, keeping none of them", async () => {
    const before = await countRows();
    const files = Array.from({ length: 21 }, (_, i) => ({ name: `c${i}.csv`, bytes: `a;b\n${i};x\n` }));
    const res = await upload(form(files));
    expect(res.status).toBe(400);
    expect(res.body.error?.payload?.message).toBe(translator("hr")("media.tooManyFiles", { max: 20 }));
    expect(await countRows()).toEqual(before);
    const twenty = await upload(form(files.slice(0, 20)));
    expect(twenty.body.data?.records).toHaveLength(20);
  });

  it("is for staff with the content scope only: anonymous, a customer and shop-only staff are refused before reading", async () => {
    const data = () => form([{ name: "a.csv", bytes: "a;b\n" }]);
    const customer = (await p.login(await p.createUser())).accessToken;
    const shopOnly = (await p.login(await p.createUser({ staffScopes: ["shop"] }))).accessToken;
    const before = await countRows();
    expect((await p.call("POST", "/api/v2/media/upload", { form: data() })).status).toBe(401);
    expect((await upload(data(), { token: customer })).status).toBe(403);
    const scoped = await upload(data(), { token: shopOnly });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error?.code).toBe("STAFF_SCOPE_MISSING");
    expect(await countRows()).toEqual(before);
  });

  it("answers a body that is not a multipart form, and broken customData, with a 400", async () => {
    const json = await p.call("POST", "/api/v2/media/upload", { body: { title: "x" }, token: adminToken });
    expect(json.status).toBe(400);
    const broken = new FormData();
    broken.append("file", new Blob(["a;b\n"]), "a.csv");
    broken.append("customData", "{not json");
    expect((await upload(broken)).status).toBe(400);
    const badAccess = await upload(form([{ name: "a.csv", bytes: "a;b\n" }], { access: "everyone" }));
    expect(badAccess.status).toBe(400);
  });
});
