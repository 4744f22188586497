import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import {
  DEFAULT_MEDIA_SIZE,
  isMediaSizeName,
  MEDIA_SIZE_RULES,
  MEDIA_URL_EXTENSIONS,
  type MediaSizeName,
  mediaUrlTitle,
} from "@shop/contracts";
import { DEMO_MEDIA_FILES } from "@shop/db/seed/assets.ts";
import { type Context, Hono } from "hono";
import sharp, { type Sharp } from "sharp";
import type { PlatformDeps } from "../../http/context.ts";
import { findPublicMedia, hashInUse, type MediaRow, siteExists } from "./media.repository.ts";
import { isDocument, mediaUrlHash, rowUrl } from "./media.service.ts";

export interface MediaServeOptions {
  /** Folder of the originals and of the generated sizes. */
  mediaDir: string;
}

type OutputFormat = "avif" | "webp" | "jpeg" | "png";

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** Every URL names the sha256 of its original, so an answer never changes: browsers and CDNs may keep it a year. */
const FILE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
};
const MAX_ID = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH = /^[a-f0-9]{64}$/;
/**
 * {title}.{ext}: no separators and no leading dot, though the title never reaches a path. The
 * extension is an image format, or a document's own (checked against its row).
 */
const FILE = /^(?!\.)[^/\\]{1,200}\.([a-z0-9]{2,5})$/;
/** A decompression bomb stops here; 100 megapixels is twice a phone camera's largest photo. */
const MAX_INPUT_PIXELS = 100_000_000;

const FORMAT_OF_EXTENSION: Record<(typeof MEDIA_URL_EXTENSIONS)[number], OutputFormat> = {
  avif: "avif",
  webp: "webp",
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
};

/**
 * The format to send is the one the URL names (`….webp` is WebP): the answer depends on the URL
 * alone, so a cache that ignores Vary (many CDNs do) never hands WebP bytes to a `.png` address or
 * the other way round, under immutable caching. Pages choose the extension.
 */
export function formatOfFile(file: string): OutputFormat {
  const ext = file.slice(file.lastIndexOf(".") + 1).toLowerCase() as (typeof MEDIA_URL_EXTENSIONS)[number];
  return FORMAT_OF_EXTENSION[ext];
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case "avif":
      return image.avif({ quality: 50, effort: 4 });
    case "webp":
      return image.webp({ quality: 80 });
    case "jpeg":
      return image.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9 });
  }
}

/** Where a cropped size keeps its centre, in percent of the width and height (the middle unless staff chose). */
export interface Focus {
  x: number;
  y: number;
}

/**
 * A box cut from an image scaled to cover it: as near the focal point's centre as the image allows.
 * One axis always fits exactly; the other is cut around the point, never past an edge.
 */
function cropAround(scaled: { width: number; height: number }, box: { width: number; height: number }, focus: Focus) {
  const offset = (size: number, wanted: number, percent: number) =>
    Math.min(Math.max(0, Math.round((size * percent) / 100 - wanted / 2)), size - wanted);
  return {
    left: offset(scaled.width, box.width, focus.x),
    top: offset(scaled.height, box.height, focus.y),
    width: box.width,
    height: box.height,
  };
}

/**
 * One named size of an original in one format. SVG is rasterised here (librsvg renders from a
 * buffer with no base path, so it cannot pull in other files); the output never carries script.
 * Metadata is dropped (sharp's default): no camera serial or GPS position leaves the server. A
 * cropped size keeps the focal point in view.
 */
export async function renderSize(
  original: Buffer,
  size: MediaSizeName,
  format: OutputFormat,
  focus: Focus = { x: 50, y: 50 },
): Promise<Buffer> {
  const rule = MEDIA_SIZE_RULES[size];
  // rotate() with no angle applies the EXIF orientation, so phone photos stand upright.
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (rule.fit !== "cover")
    return encode(
      image.resize({ width: rule.width, height: rule.height ?? undefined, fit: "inside", withoutEnlargement: true }),
      format,
    ).toBuffer();
  const box = { width: rule.width, height: rule.height ?? rule.width };
  const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? box.width;
  const height = (turned ? meta.width : meta.height) ?? box.height;
  const scale = Math.max(box.width / width, box.height / height);
  const scaled = { width: Math.max(box.width, Math.round(width * scale)), height: Math.max(box.height, Math.round(height * scale)) };
  return encode(image.resize(scaled.width, scaled.height, { fit: "fill" }).extract(cropAround(scaled, box, focus)), format).toBuffer();
}

/** Writes beside the target and renames over it: a reader sees the old file or the whole new one, never half. */
async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The browser already holds this answer (If-None-Match names its ETag). */
const matches = (c: Context, etag: string) => (c.req.header("if-none-match") ?? "").split(",").some((tag) => tag.trim() === etag);

function notFound(c: Context): Response {
  return c.text("Not found", 404, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
}

const isImageExtension = (ext: string): ext is (typeof MEDIA_URL_EXTENSIONS)[number] =>
  (MEDIA_URL_EXTENSIONS as readonly string[]).includes(ext);

/** What the browser saves a document as: its title as in its URL (ASCII letters, digits, hyphens), so nothing to escape. */
const attachment = (row: MediaRow) => `attachment; filename="${mediaUrlTitle(row.title)}.${row.extension}"`;

/** Text was taken only as UTF-8 (ADR 24): said, so no browser guesses another charset. */
const contentTypeOf = (row: MediaRow) => (row.mime.startsWith("text/") ? `${row.mime}; charset=utf-8` : row.mime);

/**
 * /media/{apiKeyId}/{driveId or id}/{size}/{title}.{ext}/{hash} (SPEC §7 Media URLs).
 *
 * Only public media whose sha256 matches the URL is served. Each size and format is made once with
 * sharp and kept under mediaDir/cache; later requests read the file. The title is for people and
 * search engines (renaming a media keeps old links working); the extension decides the format. A
 * document is served as stored at one URL (the default size, its own extension); its other sizes
 * and image formats lead there.
 * Nothing from the URL reaches a file path: the row is found by a number or a uuid, the original is read from its server-made key and
 * the cache file is named by the hash, the size and the format.
 */
export function createMediaApp(deps: PlatformDeps, options: MediaServeOptions): Hono {
  const root = resolve(options.mediaDir);
  const cacheDir = join(root, "cache");
  /** Work under way per target file: concurrent first requests share one encode and one write. */
  const inFlight = new Map<string, Promise<unknown>>();

  const once = <T>(file: string, make: () => Promise<T>): Promise<T> => {
    let job = inFlight.get(file) as Promise<T> | undefined;
    if (!job) {
      job = make().finally(() => inFlight.delete(file));
      inFlight.set(file, job);
    }
    return job;
  };

  /**
   * The original's bytes, from the media store (ADR 21). The demo's drawings live in code
   * (seed/assets.ts), not in the repository as files, so the first request for one stores it where
   * an upload would be; a missing upload is a 404. A drawing changed in code since the seed no
   * longer matches its row's hash and is not stored: the URL promises exactly those bytes.
   */
  const readOriginal = async (row: MediaRow): Promise<Buffer | null> => {
    // The generated sizes share the media folder; no row names one of them as its original.
    if (row.path.startsWith("cache/")) return null;
    const stored = await deps.media.get(row.path);
    if (stored) return stored;
    const markup = row.path.startsWith("demo/") ? DEMO_MEDIA_FILES[row.path] : undefined;
    if (markup === undefined || createHash("sha256").update(markup, "utf8").digest("hex") !== row.hash) {
      deps.logger.error({ media: "original missing", id: row.id, path: row.path });
      return null;
    }
    const bytes = Buffer.from(markup, "utf8");
    await once(`original:${row.path}`, () => deps.media.put(row.path, bytes));
    return bytes;
  };

  /**
   * The sizes this instance made under a hash no row shows any more (a replaced original, an older
   * crop): dropped when that older URL is first asked for here, as nothing will serve them again.
   */
  const dropSizes = async (hash: string) => {
    if (await hashInUse(deps.db, hash)) return;
    const dir = join(cacheDir, hash.slice(0, 2));
    const files = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(files.filter((f) => f.startsWith(`${hash}-`)).map((f) => unlink(join(dir, f)).catch(() => {})));
  };

  /**
   * A document as stored: its own type, always a download (a PDF or a text never opens as a page of
   * this site), under the same immutable caching as the sizes of an image.
   */
  const serveDocument = async (c: Context, row: MediaRow, hash: string): Promise<Response> => {
    const etag = `"${hash.slice(0, 32)}-document"`;
    const headers = { ...FILE_HEADERS, "Content-Security-Policy": "default-src 'none'; sandbox", ETag: etag };
    if (matches(c, etag)) return c.body(null, 304, headers);
    const original = await readOriginal(row);
    if (!original) return notFound(c);
    return c.body(new Uint8Array(original), 200, {
      ...headers,
      "Content-Type": contentTypeOf(row),
      "Content-Disposition": attachment(row),
      "Content-Length": String(original.length),
    });
  };

  const app = new Hono();

  app.get("/:apiKeyId/:ref/:size/:file/:hash", async (c) => {
    const { apiKeyId, ref, size, file, hash } = c.req.param();
    const siteId = /^\d{1,10}$/.test(apiKeyId) ? Number(apiKeyId) : 0;
    const id = /^\d{1,10}$/.test(ref) ? Number(ref) : 0;
    const isUuid = UUID.test(ref);
    if (siteId < 1 || siteId > MAX_ID || !(isUuid || (id >= 1 && id <= MAX_ID))) return notFound(c);
    if (!isMediaSizeName(size) || !FILE.test(file) || !HASH.test(hash)) return notFound(c);

    const row = await findPublicMedia(deps.db, isUuid ? { driveId: ref } : { id });
    if (!row || !(await siteExists(deps.db, siteId))) return notFound(c);
    const ext = file.slice(file.lastIndexOf(".") + 1);
    const document = isDocument(row);
    // An image answers its formats; a document also its own extension (an image format leads to it below).
    if (!isImageExtension(ext) && !(document && ext === row.extension)) return notFound(c);
    const current = mediaUrlHash(row);
    const elsewhere = document && (size !== DEFAULT_MEDIA_SIZE || ext !== row.extension);
    if (hash !== current || elsewhere) {
      // An older URL of the row (the file was replaced, or its focal point moved), or a document
      // asked for as an image (the URLs written before documents had their own): pages written with
      // it show the current file. Briefly cached, as the row may change again.
      if (hash !== current) await dropSizes(hash);
      const location = rowUrl(row, siteId, { ref, size, ext });
      return c.body(null, 302, { Location: location, "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" });
    }
    if (document) return serveDocument(c, row, hash);

    const format = formatOfFile(file);
    const etag = `"${hash.slice(0, 32)}-${size}-${format}"`;
    const headers = { ...FILE_HEADERS, ETag: etag };
    if (matches(c, etag)) return c.body(null, 304, headers);

    // Named by the URL's hash (content and focal point), size and format: two rows with the same bytes share it, a new version gets its own.
    const cached = join(cacheDir, hash.slice(0, 2), `${hash}-${size}.${format}`);
    const ready =
      (await exists(cached)) ||
      (await once(cached, async () => {
        // Checked again inside the job: a request that arrived as another finished finds the file.
        if (await exists(cached)) return true;
        const original = await readOriginal(row);
        if (!original) return false;
        const started = performance.now();
        await writeAtomically(cached, await renderSize(original, size, format, { x: row.focal_x, y: row.focal_y }));
        deps.logger.info({ media: "rendered", id: row.id, size, format, ms: Math.round(performance.now() - started) });
        return true;
      }));
    if (!ready) return notFound(c);
    const body = await readFile(cached);
    return c.body(body, 200, { ...headers, "Content-Type": CONTENT_TYPES[format], "Content-Length": String(body.length) });
  });

  // Anything else under /media is a plain 404, not the storefront's page.
  app.all("*", notFound);
  app.onError((err, c) => {
    deps.logger.error({ media: "failed", path: c.req.path, error: err.message });
    return c.text("Internal Server Error", 500, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  });
  return app;
}
