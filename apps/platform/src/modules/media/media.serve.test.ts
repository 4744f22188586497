import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA_SIZE_NAMES, type MediaSizeName, mediaSizeDimensions, mediaUrl, parseMediaUrl } from "@shop/contracts";
import { DEMO_MEDIA, IMAGES } from "@shop/db/seed/assets.ts";
import { seedMedia } from "@shop/db/seed/media.ts";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderMediaStore } from "../../adapters/media-store.ts";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import type { MediaRow } from "./media.repository.ts";
import { createMediaApp, formatOfFile } from "./media.serve.ts";
import { mediaView } from "./media.service.ts";

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP = "image/webp,*/*";
const PLAIN = "image/png,image/*;q=0.8,*/*;q=0.5";

let p: TestPlatform;
let mediaDir: string;
let app: Hono;
let siteId: number;
const rows: Record<"photo" | "logo" | "secret", MediaRow> = {} as never;

/** A 2400×1600 photo-like JPEG: a gradient with noise so the encoders have real work. */
async function photo(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x * y) % 251;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function transparentPng(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 21, g: 101, b: 192, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

async function insertMedia(
  file: Buffer,
  values: { ext: string; mime: string; width: number; height: number; access?: "public" | "private" },
) {
  const path = `originals/${randomUUID()}.${values.ext}`;
  await mkdir(join(mediaDir, "originals"), { recursive: true });
  await writeFile(join(mediaDir, path), file);
  return p.db
    .insertInto("media")
    .values({
      drive_id: randomUUID(),
      version: 1,
      title: `Fotografija ${values.ext}`,
      description: "",
      size: file.length,
      path,
      extension: values.ext,
      mime: values.mime,
      access: values.access ?? "public",
      original_name: `IMG_0001.${values.ext}`,
      hash: createHash("sha256").update(file).digest("hex"),
      width: values.width,
      height: values.height,
      is_default: 0,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const urlOf = (row: MediaRow, size: MediaSizeName = "MediumSize", over: Partial<Parameters<typeof mediaUrl>[0]> = {}) =>
  mediaUrl({ apiKeyId: siteId, ref: row.drive_id, size, title: "fotografija", ext: "webp", hash: row.hash, ...over });

const get = (path: string, accept = WEBP, headers: Record<string, string> = {}) => app.request(path, { headers: { accept, ...headers } });

async function imageOf(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
}

const renders = () => p.logs.filter((l) => l.media === "rendered");

beforeAll(async () => {
  p = await createTestPlatform();
  mediaDir = await mkdtemp(join(tmpdir(), "media-test-"));
  // The originals in the media folder, as a single shop keeps them (MEDIA_STORE=folder).
  p.deps.media = folderMediaStore(mediaDir);
  const site = await p.db.selectFrom("sites").select("id").executeTakeFirstOrThrow();
  siteId = site.id;
  app = new Hono().route("/media", createMediaApp(p.deps, { mediaDir }));
  rows.photo = await insertMedia(await photo(), { ext: "jpg", mime: "image/jpeg", width: 2400, height: 1600 });
  rows.logo = await insertMedia(await transparentPng(), { ext: "png", mime: "image/png", width: 400, height: 300 });
  rows.secret = await insertMedia(await photo(), { ext: "jpg", mime: "image/jpeg", width: 2400, height: 1600, access: "private" });
  await p.db.transaction().execute((trx) => seedMedia({ trx, now: new Date().toISOString(), users: { adminId: 0, customerId: 0 } }));
});

afterAll(async () => {
  await p.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("GET /media/{apiKeyId}/{driveId or id}/{size}/{title}.{ext}/{hash}", () => {
  it.each(MEDIA_SIZE_NAMES)("makes %s of a large photo at the size of SPEC §9", async (size) => {
    const res = await get(urlOf(rows.photo, size));
    expect(res.status).toBe(200);
    const { meta } = await imageOf(res);
    const expected = mediaSizeDimensions(size, { width: 2400, height: 1600 });
    expect({ width: meta.width, height: meta.height }).toEqual(expected);
    expect(meta.format).toBe("webp");
  });

  it("fits the sizes inside their boxes, crops only the thumbnail, never enlarges a small original", async () => {
    expect(mediaSizeDimensions("ThumbnailSize", { width: 2400, height: 1600 })).toEqual({ width: 50, height: 50 });
    expect(mediaSizeDimensions("PortraitSize", { width: 2400, height: 1600 })).toEqual({ width: 768, height: 512 });
    expect(mediaSizeDimensions("LargeSize", { width: 2400, height: 1600 })).toEqual({ width: 926, height: 617 });
    expect(mediaSizeDimensions("FullHDSize", { width: 2400, height: 1600 })).toEqual({ width: 1620, height: 1080 });
    expect(mediaSizeDimensions("MediumSize", { width: 2400, height: 1600 })).toEqual({ width: 640, height: 427 });
    for (const size of ["LargeSize", "FullHDSize"] as const) {
      const { meta } = await imageOf(await get(urlOf(rows.logo, size, { ext: "png" })));
      expect({ width: meta.width, height: meta.height }, size).toEqual({ width: 400, height: 300 });
    }
    const { meta } = await imageOf(await get(urlOf(rows.logo, "ThumbnailSize", { ext: "png" })));
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 50, height: 50 });
  });

  it("answers WebP to a browser that takes it, with the long-lived cache headers", async () => {
    const res = await get(urlOf(rows.photo, "LargeSize"), CHROME_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toMatch(/^"[a-f0-9]{32}-LargeSize-webp"$/);
    const { bytes, meta } = await imageOf(res);
    expect(meta.format).toBe("webp");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("answers the format its address names, whatever the browser says it accepts", async () => {
    for (const accept of [PLAIN, WEBP, "image/avif,image/webp;q=0.9,*/*;q=0.5", "image/svg+xml,*/*"]) {
      const webp = await get(urlOf(rows.photo, "MediumSize"), accept);
      expect(webp.headers.get("content-type"), accept).toBe("image/webp");
      expect((await imageOf(webp)).meta.format).toBe("webp");
    }
    const avif = await get(urlOf(rows.photo, "MediumSize", { ext: "avif" }), PLAIN);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect((await imageOf(avif)).meta).toMatchObject({ format: "heif", compression: "av1" });
    const jpeg = await get(urlOf(rows.photo, "MediumSize", { ext: "jpg" }), WEBP);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await imageOf(jpeg)).meta.format).toBe("jpeg");
    const png = await get(urlOf(rows.logo, "MediumSize", { ext: "png" }), WEBP);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await imageOf(png)).meta).toMatchObject({ format: "png", hasAlpha: true });
    expect(formatOfFile("Sampon.JPEG")).toBe("jpeg");
  });

  it("makes each size once: the second request reads the disk cache", async () => {
    // A size and format no earlier test asked for.
    const url = urlOf(rows.photo, "PortraitSize", { ext: "jpg" });
    const before = renders().length;
    const first = Buffer.from(await (await get(url, PLAIN)).arrayBuffer());
    expect(renders().length).toBe(before + 1);
    const cached = join(mediaDir, "cache", rows.photo.hash.slice(0, 2), `${rows.photo.hash}-PortraitSize.jpeg`);
    const stat1 = await stat(cached);
    const second = Buffer.from(await (await get(url, PLAIN)).arrayBuffer());
    const stat2 = await stat(cached);
    expect(second.equals(first)).toBe(true);
    expect(renders().length).toBe(before + 1);
    expect(stat2.mtimeMs).toBe(stat1.mtimeMs);
    expect(stat2.ino).toBe(stat1.ino);
  });

  // A FullHD AVIF encode takes most of the default 20 s on a loaded 2-core machine.
  it("encodes once for concurrent first requests and leaves no partial files", async () => {
    const url = urlOf(rows.photo, "FullHDSize", { ext: "avif" });
    const before = renders().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url, PLAIN)));
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const b of bodies) expect(b.equals(bodies[0] as Buffer)).toBe(true);
    expect(renders().length).toBe(before + 1);
    const files = await readdir(join(mediaDir, "cache", rows.photo.hash.slice(0, 2)));
    expect(files.filter((f) => f.endsWith(".tmp"))).toEqual([]);
  }, 60_000);

  it("answers 304 to a matching If-None-Match", async () => {
    const url = urlOf(rows.photo, "MediumSize");
    const etag = (await get(url)).headers.get("etag") ?? "";
    const res = await get(url, WEBP, { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("finds the media by its numeric id as well as by its drive id", async () => {
    const res = await get(urlOf(rows.photo, "ThumbnailSize", { ref: String(rows.photo.id) }));
    expect(res.status).toBe(200);
    expect((await imageOf(res)).meta.width).toBe(50);
  });

  it("serves the URLs the media library answers", async () => {
    const view = mediaView(rows.photo, siteId);
    expect(view.url).not.toBeNull();
    expect((await get(view.url ?? "")).status).toBe(200);
    expect(Object.keys(view.alternativePaths).sort()).toEqual([...MEDIA_SIZE_NAMES].sort());
    expect(mediaView(rows.secret, siteId)).toMatchObject({ url: null, alternativePaths: {} });
  });

  it("serves no bytes under a hash that is not the media's current one: it leads to the current URL (a replaced file's older links)", async () => {
    for (const hash of [rows.logo.hash, "0".repeat(64)]) {
      const res = await get(urlOf(rows.photo, "MediumSize", { hash }));
      expect(res.status).toBe(302);
      expect(res.headers.get("cache-control")).not.toContain("immutable");
      expect(res.headers.get("location")).toBe(mediaView(rows.photo, siteId).url);
    }
    expect((await get(urlOf(rows.photo, "MediumSize", { hash: rows.photo.hash.toUpperCase() }))).status).toBe(404);
  });

  it("never serves private media", async () => {
    const res = await get(urlOf(rows.secret, "MediumSize"));
    expect(res.status).toBe(404);
    expect((await get(urlOf(rows.secret, "MediumSize", { ref: String(rows.secret.id) }))).status).toBe(404);
  });

  it("answers 404 for an unknown size, extension, site or media", async () => {
    const hash = rows.photo.hash;
    const drive = rows.photo.drive_id;
    for (const path of [
      `/media/${siteId}/${drive}/HugeSize/x.webp/${hash}`,
      `/media/${siteId}/${drive}/mediumsize/x.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x.svg/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x.exe/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x/${hash}`,
      `/media/999/${drive}/MediumSize/x.webp/${hash}`,
      `/media/0/${drive}/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/${randomUUID()}/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/99999999999/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x.webp`,
      `/media/${siteId}/${drive}/MediumSize/x.webp/${hash}/more`,
      "/media/",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("cannot be walked out of the media folder", async () => {
    const hash = rows.photo.hash;
    const drive = rows.photo.drive_id;
    for (const path of [
      `/media/${siteId}/..%2f..%2f..%2fetc%2fpasswd/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/%2e%2e/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/%2e%2e%2f%2e%2e/MediumSize/x.webp/${hash}`,
      `/media/%2e%2e/${drive}/MediumSize/x.webp/${hash}`,
      `/media/${siteId}/${drive}/%2e%2e/x.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/%2e%2e.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/..%2f..%2fpasswd.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/..%5c..%5cpasswd.webp/${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x.webp/..%2f..%2f${hash}`,
      `/media/${siteId}/${drive}/MediumSize/x.webp/%2e%2e`,
      `/media/${siteId}/${drive}/../../../etc/passwd`,
      "/media/../../etc/passwd",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type") ?? "", path).not.toMatch(/^image\//);
    }
  });

  it("serves a row whose storage key points outside the folder as not found", async () => {
    const row = await insertMedia(await transparentPng(), { ext: "png", mime: "image/png", width: 400, height: 300 });
    await p.db.updateTable("media").set({ path: "../outside.png" }).where("id", "=", row.id).execute();
    // A size and format of these bytes no other test made: the cache cannot answer for the original.
    expect((await get(urlOf(row, "PortraitSize", { ext: "avif" }))).status).toBe(404);
  });
});

describe("the demo's drawings", () => {
  it("are written to the media folder on first use and rasterised, never served as SVG", async () => {
    const parts = parseMediaUrl(IMAGES.hero.src);
    expect(parts).toMatchObject({ apiKeyId: siteId, ref: DEMO_MEDIA.hero.driveId, size: "MediumSize", hash: DEMO_MEDIA.hero.hash });
    const original = join(mediaDir, "demo", "hero-1.svg");
    await expect(stat(original)).rejects.toThrow();

    const webp = await get(IMAGES.hero.src, CHROME_ACCEPT);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await imageOf(webp)).meta).toMatchObject({ format: "webp", width: 640, height: 280 });
    expect(await readFile(original, "utf8")).toBe(DEMO_MEDIA.hero.svg);

    const full = await get(IMAGES.hero.src.replace("/MediumSize/", "/FullHDSize/").replace(".webp/", ".png/"), "image/svg+xml,*/*");
    expect((await imageOf(full)).meta).toMatchObject({ format: "png", width: 1600, height: 700 });
  });

  it("serves every image the seeded content refers to", async () => {
    for (const [name, image] of Object.entries(IMAGES)) {
      if (!image.src.startsWith("/media/")) continue;
      const res = await get(image.src, CHROME_ACCEPT);
      expect(res.status, name).toBe(200);
      expect((await imageOf(res)).meta.width, name).toBe(mediaSizeDimensions("MediumSize", image).width);
    }
  });

  it("are not written when the drawing no longer matches the seeded hash", async () => {
    // The carwash logo is not referred to by a /media URL, so no earlier test wrote its file.
    const changed = await p.db
      .updateTable("media")
      .set({ hash: "a".repeat(64) })
      .where("path", "=", DEMO_MEDIA.logoCarwash.path)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await get(urlOf(changed, "MediumSize"))).status).toBe(404);
    await expect(stat(join(mediaDir, DEMO_MEDIA.logoCarwash.path))).rejects.toThrow();
    expect(p.logs.some((l) => l.media === "original missing" && l.id === changed.id)).toBe(true);
  });
});
