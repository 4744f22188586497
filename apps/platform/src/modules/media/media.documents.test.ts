import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA_SIZE_NAMES, MEDIA_URL_EXTENSIONS, type MediaView, mediaUrl, parseMediaUrl, type RefusedFile } from "@shop/contracts";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { zipOf } from "./media.fixtures.ts";
import { createMediaApp } from "./media.serve.ts";

/**
 * Documents of the library (SPEC §9: PDF, Word, Excel, PowerPoint, text, CSV, RTF, zip,
 * OpenDocument), uploaded as staff upload them and fetched by their public URL: served as stored,
 * as a download, never through the image pipeline. And no media URL, whatever it names, answers 5xx.
 */

let p: TestPlatform;
let mediaDir: string;
let app: Hono;
let siteId: number;
const docs: Record<string, { view: MediaView; bytes: Buffer }> = {};
const images: Record<string, MediaView> = {};

const openXml = (main: string, folder: string) =>
  zipOf([
    {
      name: "[Content_Types].xml",
      bytes: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="application/vnd.openxmlformats-officedocument.${main}.main+xml"/></Types>`,
    },
    { name: `${folder}/main.xml`, bytes: "<x/>" },
  ]);

const openDocument = (kind: string) =>
  zipOf([
    { name: "mimetype", bytes: `application/vnd.oasis.opendocument.${kind}`, store: true },
    { name: "content.xml", bytes: "<office:document-content/>" },
  ]);

/** A compound file (Word, Excel and PowerPoint before 2007): its signature and a header's worth of bytes. */
const compoundFile = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024, 0)]);

/** One file of every type the upload takes as a document: the name it is sent under, its bytes, what it is stored as. */
async function documents(): Promise<{ name: string; bytes: Buffer; mime: string }[]> {
  return [
    { name: "Cjenik usluga.pdf", bytes: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"), mime: "application/pdf" },
    {
      name: "ugovor.docx",
      bytes: await openXml("wordprocessingml.document", "word"),
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    },
    {
      name: "tablica.xlsx",
      bytes: await openXml("spreadsheetml.sheet", "xl"),
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
    {
      name: "prezentacija.pptx",
      bytes: await openXml("presentationml.presentation", "ppt"),
      mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    },
    { name: "stari.doc", bytes: compoundFile(), mime: "application/msword" },
    { name: "stara.xls", bytes: compoundFile(), mime: "application/vnd.ms-excel" },
    { name: "stara.ppt", bytes: compoundFile(), mime: "application/vnd.ms-powerpoint" },
    { name: "tekst.odt", bytes: await openDocument("text"), mime: "application/vnd.oasis.opendocument.text" },
    { name: "racun.ods", bytes: await openDocument("spreadsheet"), mime: "application/vnd.oasis.opendocument.spreadsheet" },
    { name: "slajdovi.odp", bytes: await openDocument("presentation"), mime: "application/vnd.oasis.opendocument.presentation" },
    { name: "pismo.rtf", bytes: Buffer.from("{\\rtf1\\ansi Pranje vozila}"), mime: "application/rtf" },
    { name: "arhiva.zip", bytes: await zipOf([{ name: "cjenik.txt", bytes: "Pranje 10 €\n" }]), mime: "application/zip" },
    // A script kept as text is only ever served as text (ADR 24).
    { name: "napomena.txt", bytes: Buffer.from("Šampon <script>alert(1)</script>\n"), mime: "text/plain" },
    { name: "cjenik.csv", bytes: Buffer.from("usluga;cijena\nPranje;10,00\nŠampon;5,50\n"), mime: "text/csv" },
  ];
}

async function imageFiles(): Promise<{ name: string; bytes: Buffer }[]> {
  const base = () => sharp({ create: { width: 12, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return [
    { name: "a.jpg", bytes: await base().jpeg().toBuffer() },
    { name: "b.png", bytes: await base().png().toBuffer() },
    { name: "c.webp", bytes: await base().webp().toBuffer() },
    { name: "d.gif", bytes: await base().gif().toBuffer() },
    { name: "e.avif", bytes: await base().avif().toBuffer() },
  ];
}

async function upload(files: { name: string; bytes: Buffer }[], token: string) {
  const form = new FormData();
  for (const f of files) form.append("file", new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await p.call<{ records: MediaView[]; refused: RefusedFile[] }>("POST", "/api/v2/media/upload", { form, token });
  expect(res.status).toBe(200);
  expect(res.body.data.refused).toEqual([]);
  return res.body.data.records;
}

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers: { accept: "*/*", ...headers } });

beforeAll(async () => {
  p = await createTestPlatform();
  mediaDir = await mkdtemp(join(tmpdir(), "media-documents-"));
  app = new Hono().route("/media", createMediaApp(p.deps, { mediaDir }));
  siteId = (await p.db.selectFrom("sites").select("id").executeTakeFirstOrThrow()).id;
  const token = (await p.login(await p.createUser({ isBackoffice: true }))).accessToken;
  const sent = await documents();
  const kept = await upload(sent, token);
  for (const [i, file] of sent.entries()) {
    const view = kept[i] as MediaView;
    expect(view.mime, file.name).toBe(file.mime);
    docs[file.name] = { view, bytes: file.bytes };
  }
  for (const view of await upload(await imageFiles(), token)) images[view.originalName] = view;
});

afterAll(async () => {
  await p.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("a document's public URL", () => {
  it("names the document under its own extension, and answers its bytes as a download of its own type", async () => {
    for (const [name, { view, bytes }] of Object.entries(docs)) {
      const parts = parseMediaUrl(view.url ?? "");
      expect(parts, name).toMatchObject({ apiKeyId: siteId, ref: view.driveId, size: "MediumSize", ext: view.extension, hash: view.hash });
      // A document has no sizes.
      expect(view.alternativePaths, name).toEqual({});
      const res = await get(view.url ?? "");
      expect(res.status, name).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes), name).toBe(true);
      expect(res.headers.get("content-type"), name).toBe(view.mime.startsWith("text/") ? `${view.mime}; charset=utf-8` : view.mime);
      expect(res.headers.get("content-length"), name).toBe(String(bytes.length));
      expect(res.headers.get("content-disposition"), name).toBe(`attachment; filename="${parts?.title}.${view.extension}"`);
      expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), name).toBe("default-src 'none'; sandbox");
      expect(res.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
      const etag = res.headers.get("etag") ?? "";
      expect(etag, name).toMatch(/^"[a-f0-9]{32}-document"$/);
      const again = await get(view.url ?? "", { "if-none-match": etag });
      expect(again.status, name).toBe(304);
    }
    expect(docs["Cjenik usluga.pdf"]?.view.url).toMatch(/\/MediumSize\/cjenik-usluga\.pdf\/[a-f0-9]{64}$/);
  });

  it("leads the image URLs written for documents before (…/MediumSize/page.webp/<hash>, any size or format) to the document", async () => {
    for (const [name, { view }] of Object.entries(docs)) {
      for (const size of MEDIA_SIZE_NAMES) {
        for (const ext of [...MEDIA_URL_EXTENSIONS, view.extension]) {
          const old = mediaUrl({ apiKeyId: siteId, ref: view.driveId, size, title: "page", ext, hash: view.hash });
          const res = await get(old);
          if (size === "MediumSize" && ext === view.extension) {
            // The title is for people: any title of the document's own URL answers it.
            expect(res.status, `${name} ${size} ${ext}`).toBe(200);
            continue;
          }
          expect(res.status, `${name} ${size} ${ext}`).toBe(302);
          expect(res.headers.get("location"), `${name} ${size} ${ext}`).toBe(view.url);
        }
      }
      // By its numeric id, and under an older hash, too.
      const byId = await get(
        mediaUrl({ apiKeyId: siteId, ref: String(view.id), size: "MediumSize", title: "page", ext: "webp", hash: view.hash }),
      );
      expect(byId.status, name).toBe(302);
      expect((await get(byId.headers.get("location") ?? "")).status, name).toBe(200);
      const older = await get(
        mediaUrl({ apiKeyId: siteId, ref: view.driveId, size: "LargeSize", title: "x", ext: "webp", hash: "0".repeat(64) }),
      );
      expect(older.headers.get("location"), name).toBe(view.url);
    }
  });

  it("answers 404 to another document type's extension, and never treats an image as a document", async () => {
    const pdf = docs["Cjenik usluga.pdf"]?.view as MediaView;
    for (const ext of ["docx", "txt", "exe", "svg", "html"]) {
      const res = await get(mediaUrl({ apiKeyId: siteId, ref: pdf.driveId, size: "MediumSize", title: "x", ext, hash: pdf.hash }));
      expect(res.status, ext).toBe(404);
    }
    const photo = images["a.jpg"] as MediaView;
    for (const ext of ["pdf", "jpg2", "txt"]) {
      const res = await get(mediaUrl({ apiKeyId: siteId, ref: photo.driveId, size: "MediumSize", title: "x", ext, hash: photo.hash }));
      expect(res.status, ext).toBe(404);
    }
  });
});

describe("no media URL answers 5xx", () => {
  it("answers every image at every size and format, and everything else with a 4xx or a redirect", async () => {
    const failed: string[] = [];
    const ask = async (path: string) => {
      const res = await get(path);
      await res.arrayBuffer();
      if (res.status >= 500) failed.push(`${res.status} ${path}`);
      return res.status;
    };
    for (const view of [...Object.values(images), ...Object.values(docs).map((d) => d.view)]) {
      const isImage = view.mime.startsWith("image/");
      for (const size of [...MEDIA_SIZE_NAMES, "HugeSize"]) {
        for (const ext of [...MEDIA_URL_EXTENSIONS, "pdf", "csv", "txt", "gif", "svg"]) {
          for (const hash of [view.hash, "f".repeat(64)]) {
            const status = await ask(`/media/${siteId}/${view.driveId}/${size}/naslov.${ext}/${hash}`);
            const served =
              isImage && size !== "HugeSize" && hash === view.hash && (MEDIA_URL_EXTENSIONS as readonly string[]).includes(ext);
            if (served) expect(status, `${view.originalName} ${size} ${ext}`).toBe(200);
          }
        }
      }
      for (const ref of [randomUUID(), "2147483646", "0", "-1", "abc"]) {
        expect(await ask(`/media/${siteId}/${ref}/MediumSize/naslov.webp/${view.hash}`), ref).toBe(404);
      }
    }
    expect(failed).toEqual([]);
  }, 120_000);
});
