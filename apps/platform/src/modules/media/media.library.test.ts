import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MediaDetail, MediaUsage, MediaView, Paged, RefusedFile } from "@shop/contracts";
import { seedMedia } from "@shop/db/seed/media.ts";
import { translator } from "@shop/i18n";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPlatform, insertPost, type TestPlatform } from "../../test-support.ts";
import { createMediaApp } from "./media.serve.ts";

let p: TestPlatform;
let adminToken: string;
let customerToken: string;
let mediaDir: string;
let served: Hono;

beforeAll(async () => {
  p = await createTestPlatform();
  adminToken = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  customerToken = (await p.login(await p.createUser())).accessToken;
  mediaDir = await mkdtemp(join(tmpdir(), "media-library-"));
  served = new Hono().route("/media", createMediaApp(p.deps, { mediaDir }));
});
afterAll(async () => {
  await p.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** A picture red on its left half and blue on its right: a crop shows which side it kept. */
async function halves(width = 200, height = 100): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: width / 2, height, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#000" } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: width / 2, top: 0 },
    ])
    .png()
    .toBuffer();
}

function form(files: { name: string; bytes: Buffer | string }[]): FormData {
  const f = new FormData();
  for (const file of files)
    f.append("file", new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return f;
}

async function uploaded(name = "polovice.png", bytes?: Buffer): Promise<MediaView> {
  const res = await p.call<{ records: MediaView[] }>("POST", "/api/v2/media/upload", {
    form: form([{ name, bytes: bytes ?? (await halves()) }]),
    token: adminToken,
  });
  const [record] = res.body.data?.records ?? [];
  if (!record) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return record;
}

const get = (id: number, language = "hr", token = adminToken) => p.call<MediaDetail>("GET", `/api/v1/media/get/${id}`, { token, language });
const update = (id: number, body: unknown, token = adminToken) =>
  p.call<MediaDetail>("PATCH", `/api/v1/media/update/${id}`, { body, token });

/** The average colour of a served image. */
async function colourOf(url: string): Promise<{ r: number; b: number }> {
  const res = await served.request(url, { headers: { accept: "image/webp" } });
  expect(res.status).toBe(200);
  const stats = await sharp(Buffer.from(await res.arrayBuffer())).stats();
  return { r: stats.channels[0]?.mean ?? 0, b: stats.channels[2]?.mean ?? 0 };
}

describe("media/get and media/update", () => {
  it("keeps title, description and alt text per language; answers the request's language with Croatian where it has none", async () => {
    const media = await uploaded("pjena.png");
    const res = await update(media.id, {
      translations: {
        hr: { title: "Aktivna pjena", description: "Pjena na crvenom autu", alt: "Crveni auto pod pjenom" },
        en: { title: "Active foam", description: "Foam on a red car", alt: "A red car covered in foam" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.translations).toEqual([
      { language: "hr", title: "Aktivna pjena", description: "Pjena na crvenom autu", alt: "Crveni auto pod pjenom" },
      { language: "en", title: "Active foam", description: "Foam on a red car", alt: "A red car covered in foam" },
      { language: "de", title: "", description: "", alt: "" },
    ]);
    expect((await get(media.id, "en")).body.data).toMatchObject({ title: "Active foam", alt: "A red car covered in foam" });
    expect((await get(media.id, "de")).body.data).toMatchObject({ title: "Aktivna pjena", alt: "Crveni auto pod pjenom" });

    // Only English changes; the Croatian title is the row's own (its URL's name).
    await update(media.id, { translations: { en: { title: "Foam", description: "", alt: "Foam" } } });
    const after = (await get(media.id, "en")).body.data;
    expect(after?.translations.find((t) => t.language === "hr")?.alt).toBe("Crveni auto pod pjenom");
    expect(after?.alt).toBe("Foam");
    expect(after?.url).toContain("/aktivna-pjena.webp/");

    const listed = await p.call<Paged<MediaView>>("POST", "/api/v1/media/filterStandard", {
      body: { search: "foam" },
      token: adminToken,
      language: "en",
    });
    expect(listed.body.data?.records.map((r) => [r.id, r.alt])).toEqual([[media.id, "Foam"]]);
  });

  it("refuses a focal point outside 0–100 and an unknown language with a 400", async () => {
    const media = await uploaded();
    expect((await update(media.id, { focalPoint: { x: 101, y: 50 } })).status).toBe(400);
    expect((await update(media.id, { translations: { fr: { title: "x", description: "", alt: "" } } })).status).toBe(400);
  });

  it("crops the thumbnail around the focal point; the earlier URL leads to the new crop", async () => {
    const media = await uploaded();
    const centred = media.alternativePaths.ThumbnailSize ?? "";
    const middle = await colourOf(centred);
    // The centre of a red|blue picture is half of each.
    expect(Math.abs(middle.r - middle.b)).toBeLessThan(60);

    const left = (await update(media.id, { focalPoint: { x: 0, y: 50 } })).body.data;
    expect(left?.focalPoint).toEqual({ x: 0, y: 50 });
    const leftUrl = left?.alternativePaths.ThumbnailSize ?? "";
    expect(leftUrl).not.toBe(centred);
    const red = await colourOf(leftUrl);
    expect(red.r).toBeGreaterThan(200);
    expect(red.b).toBeLessThan(50);

    const right = (await update(media.id, { focalPoint: { x: 100, y: 50 } })).body.data;
    const blue = await colourOf(right?.alternativePaths.ThumbnailSize ?? "");
    expect(blue.b).toBeGreaterThan(200);
    expect(blue.r).toBeLessThan(50);

    const old = await served.request(centred);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(right?.alternativePaths.ThumbnailSize);
  });

  it("changes access: a private file has no public URL", async () => {
    const media = await uploaded();
    const res = await update(media.id, { access: "private" });
    expect(res.body.data).toMatchObject({ access: "private", url: null });
    expect((await served.request(media.url ?? "")).status).toBe(404);
  });
});

describe("media/filterStandard by type", () => {
  it("lists images or documents", async () => {
    const image = await uploaded();
    const doc = await uploaded("cjenik.csv", Buffer.from("a;b\n1;2\n"));
    const of = async (type: string) =>
      (
        await p.call<Paged<MediaView>>("POST", "/api/v1/media/filterStandard", { body: { type, limit: 100 }, token: adminToken })
      ).body.data?.records.map((r) => r.id) ?? [];
    const images = await of("image");
    const documents = await of("document");
    expect(images).toContain(image.id);
    expect(images).not.toContain(doc.id);
    expect(documents).toContain(doc.id);
    expect(documents).not.toContain(image.id);
    expect((await p.call("POST", "/api/v1/media/filterStandard", { body: { type: "video" }, token: adminToken })).status).toBe(400);
  });
});

describe("media/usage and media/delete", () => {
  it("names every place that shows a file, refuses to delete it with that list, and deletes it when forced", async () => {
    const media = await uploaded("hero.png");
    const other = await uploaded("nekoristena.png");
    const src = media.alternativePaths.LargeSize ?? "";
    const postId = await insertPost(p.db, {
      type: "page",
      status: "published",
      publishedAt: new Date().toISOString(),
      translations: [
        {
          lang: "hr",
          slug: "o-nama-slika",
          title: "O nama",
          components: [{ id: 1, template: "image", data: { src, alt: "" } }],
          image: src,
        },
      ],
    });
    const element = await p.db
      .insertInto("elements")
      .values({
        handler: "footer",
        variant: "default",
        title: "Podnožje",
        type: "footer",
        slug: "podnozje-slika",
        language_code: "hr",
        options: JSON.stringify({ logo: { src } }),
        meta: "{}",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const master = await p.db
      .insertInto("master_components")
      .values({ template: "image", title: "Baner", created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await p.db
      .insertInto("master_component_translations")
      .values({ master_id: master.id, language_code: "en", data: JSON.stringify({ src }) })
      .execute();
    await p.db.insertInto("cms_options").values({ key: "Logo", value: src, media_id: null }).execute();
    // An unpublished draft of the English page uses it too.
    await p.db
      .insertInto("post_drafts")
      .values({
        post_id: postId,
        language_code: "en",
        slug: "about-picture",
        title: "About us",
        components: JSON.stringify([{ id: 1, template: "image", data: { src } }]),
        version: 1,
        saved_by_id: null,
        saved_by_name: null,
        saved_at: new Date().toISOString(),
      })
      .execute();

    const usage = await p.call<{ records: MediaUsage[] }>("GET", `/api/v1/media/usage/${media.id}`, { token: adminToken });
    expect(usage.status).toBe(200);
    const places = usage.body.data?.records.map((u) => [u.kind, u.kind === "option" ? u.title : u.id, u.language]) ?? [];
    expect(places).toEqual(
      expect.arrayContaining([
        ["post", postId, "hr"],
        ["element", element.id, "hr"],
        ["master", master.id, "en"],
        ["postMeta", postId, "hr"],
        ["option", "Logo", null],
        ["postDraft", postId, "en"],
      ]),
    );
    expect(places).toHaveLength(6);
    expect(
      (await p.call<{ records: MediaUsage[] }>("GET", `/api/v1/media/usage/${other.id}`, { token: adminToken })).body.data?.records,
    ).toEqual([]);

    const refused = await p.call("DELETE", `/api/v1/media/delete/${media.id}`, { token: adminToken, language: "en" });
    expect(refused.status).toBe(409);
    const t = translator("en");
    expect(refused.body.error?.payload?.message).toBe(t("media.inUse", { count: 6 }));
    expect(refused.body.error?.payload?.fields?.map((f) => f.message)).toContain(
      t("media.usage.post", { title: "O nama", language: "hr" }),
    );
    expect((await get(media.id)).status).toBe(200);

    expect((await p.call("DELETE", `/api/v1/media/delete/${other.id}`, { token: adminToken })).status).toBe(200);
    const forced = await p.call("DELETE", `/api/v1/media/delete/${media.id}?force=1`, { token: adminToken });
    expect(forced.status).toBe(200);
    expect((await get(media.id)).status).toBe(404);
    // The original goes once the deletion has committed.
    await vi.waitFor(async () => expect(await p.deps.media.get(media.path)).toBeNull());
    expect(await p.db.selectFrom("media_translations").select("id").where("media_id", "=", media.id).execute()).toEqual([]);
  });
});

describe("media/replace", () => {
  it("keeps the row's id and driveId with version 2; its earlier URL leads to the new file; the old original goes", async () => {
    const media = await uploaded("stara.png", await halves(240, 120));
    // This instance has made a size of the old file.
    expect((await served.request(media.url ?? "", { headers: { accept: "image/webp" } })).status).toBe(200);
    const oldSizes = async () => (await readdir(join(mediaDir, "cache", media.hash.slice(0, 2)))).filter((f) => f.startsWith(media.hash));
    expect((await oldSizes()).length).toBeGreaterThan(0);
    const replacement = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#0f0" } })
      .jpeg()
      .toBuffer();
    const res = await p.call<{ record: MediaView | null; refused: RefusedFile[] }>("POST", `/api/v2/media/replace/${media.id}`, {
      form: form([{ name: "nova.jpg", bytes: replacement }]),
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const record = res.body.data?.record;
    expect(record).toMatchObject({ id: media.id, driveId: media.driveId, version: 2, mime: "image/jpeg", width: 120, height: 90 });
    expect(record?.hash).not.toBe(media.hash);
    expect(await p.deps.media.get(media.path)).toBeNull();

    const old = await served.request(media.url ?? "");
    expect(old.status).toBe(302);
    const current = old.headers.get("location") ?? "";
    expect(current).toBe(record?.url);
    expect(await oldSizes()).toEqual([]);
    expect(current.split("/").slice(0, 4)).toEqual((media.url ?? "").split("/").slice(0, 4));
    const now = await served.request(current, { headers: { accept: "image/webp" } });
    expect((await sharp(Buffer.from(await now.arrayBuffer())).metadata()).width).toBe(120);
  });

  it("checks the file like an upload: a PHP script named .jpg is refused and the row stays as it was", async () => {
    const media = await uploaded();
    const res = await p.call<{ record: MediaView | null; refused: RefusedFile[] }>("POST", `/api/v2/media/replace/${media.id}`, {
      form: form([{ name: "slika.jpg", bytes: "<?php echo 1; ?>" }]),
      token: adminToken,
    });
    expect(res.body.data).toEqual({
      record: null,
      refused: [{ name: "slika.jpg", code: "contentMismatch", message: translator("hr")("media.refused.contentMismatch") }],
    });
    expect((await get(media.id)).body.data).toMatchObject({ version: 1, hash: media.hash });
    expect(await p.deps.media.get(media.path)).not.toBeNull();
    const two = await p.call("POST", `/api/v2/media/replace/${media.id}`, {
      form: form([
        { name: "a.csv", bytes: "a\n" },
        { name: "b.csv", bytes: "b\n" },
      ]),
      token: adminToken,
    });
    expect(two.status).toBe(400);
  });
});

describe("who may", () => {
  it("lets only staff write: anonymous 401, a customer 403, nothing changed", async () => {
    const media = await uploaded();
    const calls = (token?: string) => [
      p.call("GET", `/api/v1/media/get/${media.id}`, { token }),
      p.call("PATCH", `/api/v1/media/update/${media.id}`, { body: { access: "private" }, token }),
      p.call("GET", `/api/v1/media/usage/${media.id}`, { token }),
      p.call("DELETE", `/api/v1/media/delete/${media.id}?force=1`, { token }),
      p.call("POST", `/api/v2/media/replace/${media.id}`, { form: form([{ name: "a.csv", bytes: "a\n" }]), token }),
    ];
    expect((await Promise.all(calls())).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await Promise.all(calls(customerToken))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await get(media.id)).body.data).toMatchObject({ access: "public", version: 1 });
  });

  it("answers a missing id exactly like any other missing id: 404 with one message", async () => {
    const missing = 2_000_000_000;
    const answers = await Promise.all([
      p.call("GET", `/api/v1/media/get/${missing}`, { token: adminToken }),
      p.call("PATCH", `/api/v1/media/update/${missing}`, { body: { access: "private" }, token: adminToken }),
      p.call("GET", `/api/v1/media/usage/${missing}`, { token: adminToken }),
      p.call("DELETE", `/api/v1/media/delete/${missing}`, { token: adminToken }),
      p.call("POST", `/api/v2/media/replace/${missing}`, { form: form([{ name: "a.csv", bytes: "a\n" }]), token: adminToken }),
    ]);
    expect(answers.map((r) => [r.status, r.body.error?.payload?.message])).toEqual(
      Array.from({ length: 5 }, () => [404, translator("hr")("media.notFound")]),
    );
    expect((await p.call("GET", "/api/v1/media/get/abc", { token: adminToken })).status).toBe(400);
  });
});

describe("media/options", () => {
  beforeAll(async () => {
    // The named sizes as the seed writes them.
    await p.db.transaction().execute((trx) => seedMedia({ trx, now: new Date().toISOString(), users: { adminId: 0, customerId: 0 } }));
  });

  it("answers the named sizes of SPEC §3 with their boxes and fits", async () => {
    const res = await p.call<{ records: { key: string; value: string; autoResize: boolean; x: number; y: number | null }[] }>(
      "GET",
      "/api/v1/media/options?autoResizeOnly=true",
    );
    expect(res.status).toBe(200);
    const thumbnail = res.body.data?.records.find((r) => r.key === "ThumbnailSize");
    expect(thumbnail).toMatchObject({ value: "cover", autoResize: true, x: 50, y: 50 });
    expect(res.body.data?.records.map((r) => r.key)).toContain("FullHDSize");
  });
});
