import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { MEDIA_MAX_FILE_BYTES, type MediaUploadBody, type MediaView, type ReceivedFile, type RefusedFile } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";
import { insertMedia, pathShared, putTranslation, updateMediaRow } from "./media.repository.ts";
import { localisedViews, mediaOr404, mediaView } from "./media.service.ts";

type RefusalCode = RefusedFile["code"];

/** Images the library takes, told by their first bytes, with the extension their stored copy gets. */
const IMAGES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** SPEC §9's documents, told by their first bytes (a zip's contents name the office format). */
const DOCUMENTS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/rtf": "rtf",
  "application/zip": "zip",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "application/vnd.oasis.opendocument.presentation": "odp",
};

/** Word, Excel and PowerPoint before 2007 share one container (CFB): its name says which. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Plain text has no signature: taken by its name when its bytes are UTF-8 text. */
const TEXTS: Record<string, string> = { txt: "text/plain", csv: "text/csv" };

/** Names that promise a type the bytes must then be: a script named photo.jpg is refused as such. */
const PROMISING = new Set([...Object.values(IMAGES), "jpeg", ...Object.values(DOCUMENTS), ...Object.keys(LEGACY_OFFICE)]);

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A zip bomb stops here: what an archive unpacks to, its entries, and how far it may have been squeezed. */
const ZIP_LIMITS = { bytes: 512 * 1024 * 1024, entries: 10_000, ratio: 100 };
/** A decompression bomb stops here; 100 megapixels is twice a phone camera's largest photo. */
const MAX_INPUT_PIXELS = 100_000_000;

interface Kept {
  bytes: Buffer;
  extension: string;
  mime: string;
  width: number | null;
  height: number | null;
}

const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

const isUtf8Text = (bytes: Buffer) => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** An SVG can carry script and outside references; the library keeps none, whatever it is called. */
function looksLikeSvg(name: string, mime: string | undefined, head: Buffer): boolean {
  if (mime === "image/svg+xml" || extensionOf(name) === "svg" || extensionOf(name) === "svgz") return true;
  return /<svg[\s>]/i.test(head.subarray(0, 4096).toString("utf8"));
}

/** Declared sizes of every entry, read from the central directory without unpacking anything. */
async function withinZipLimits(path: string, packedBytes: number): Promise<boolean> {
  const yauzl = await import("yauzl");
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return resolve(false);
      let bytes = 0;
      let entries = 0;
      const stop = (ok: boolean) => {
        zip.close();
        resolve(ok);
      };
      zip.on("entry", (entry: { uncompressedSize: number }) => {
        bytes += entry.uncompressedSize;
        entries++;
        if (bytes > ZIP_LIMITS.bytes || entries > ZIP_LIMITS.entries || bytes > Math.max(packedBytes, 1) * ZIP_LIMITS.ratio) stop(false);
        else zip.readEntry();
      });
      zip.on("end", () => resolve(true));
      zip.on("error", () => resolve(false));
      zip.readEntry();
    });
  });
}

/** Decoded and encoded again in its own format: what is kept is pixels, never what rode along (EXIF, GPS, polyglot payloads). */
async function reencoded(bytes: Buffer, mime: string): Promise<Kept | null> {
  const { default: sharp } = await import("sharp");
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: mime === "image/gif" }).rotate();
    const formatted =
      mime === "image/jpeg"
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mime === "image/png"
          ? image.png({ compressionLevel: 9 })
          : mime === "image/webp"
            ? image.webp({ quality: 90 })
            : mime === "image/gif"
              ? image.gif()
              : image.avif({ quality: 60 });
    const { data, info } = await formatted.toBuffer({ resolveWithObject: true });
    return { bytes: data, extension: IMAGES[mime] ?? "bin", mime, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    return null;
  }
}

/** What a file is, by its content: kept as it will be stored, or why not. */
async function examine(file: ReceivedFile): Promise<Kept | RefusalCode> {
  if (file.tooLarge) return "tooLarge";
  if (file.size === 0) return "empty";
  const bytes = await readFile(file.path);
  // Measured before file-type looks inside: telling an office format unpacks one of its entries.
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE) && !(await withinZipLimits(file.path, bytes.length))) return "archiveTooLarge";
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (looksLikeSvg(file.name, detected?.mime, bytes)) return "svg";
  const named = extensionOf(file.name);
  if (detected && IMAGES[detected.mime]) return (await reencoded(bytes, detected.mime)) ?? "unreadable";
  const document = detected ? DOCUMENTS[detected.mime] : undefined;
  if (detected && document) {
    return { bytes, extension: document, mime: detected.mime, width: null, height: null };
  }
  if (detected?.mime === "application/x-cfb" && LEGACY_OFFICE[named]) {
    return { bytes, extension: named, mime: LEGACY_OFFICE[named], width: null, height: null };
  }
  if (!detected && TEXTS[named] && isUtf8Text(bytes)) return { bytes, extension: named, mime: TEXTS[named], width: null, height: null };
  return PROMISING.has(named) || TEXTS[named] ? "contentMismatch" : "typeNotAllowed";
}

function refusal(ctx: RequestCtx, file: ReceivedFile, code: RefusalCode): RefusedFile {
  const t = translator(ctx.locale);
  return { name: file.name, code, message: t(`media.refused.${code}`, { maxMb: MEDIA_MAX_FILE_BYTES / 1024 / 1024 }) };
}

/** A new key for every stored original (an upload's, a replacement's): a reader never gets another version's bytes under it. */
const keyOf = (id: string, extension: string) => `originals/${id.slice(0, 2)}/${id}.${extension}`;

const titleOf = (name: string) =>
  (name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : name)
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200) || "media";

/**
 * POST v2 media upload (issue 13): every file is told by its content, refused on its own with a
 * reason in the caller's language, or stored (images re-encoded) and written as a library row with
 * its audit entry. The work on the bytes happens before any transaction: seconds of image encoding
 * must not hold the database.
 */
export async function uploadMedia(
  ctx: RequestCtx,
  body: MediaUploadBody,
  files: readonly ReceivedFile[],
): Promise<{ records: MediaView[]; refused: RefusedFile[] }> {
  const records: MediaView[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const outcome = await examine(file);
    if (typeof outcome === "string") {
      refused.push(refusal(ctx, file, outcome));
      continue;
    }
    const id = randomUUID();
    const key = keyOf(id, outcome.extension);
    await ctx.media.put(key, outcome.bytes);
    try {
      const row = await withTransaction(ctx, async (tx) => {
        const inserted = await insertMedia(tx.db, {
          drive_id: id,
          version: 1,
          title: body.title || titleOf(file.name),
          description: body.description,
          size: outcome.bytes.length,
          path: key,
          extension: outcome.extension,
          mime: outcome.mime,
          access: body.access,
          original_name: file.name.slice(0, 255),
          hash: createHash("sha256").update(outcome.bytes).digest("hex"),
          width: outcome.width,
          height: outcome.height,
          is_default: 0,
          created_at: new Date().toISOString(),
        });
        // The Croatian texts: what the file was sent with, alt text to be written by staff.
        await putTranslation(tx.db, inserted.id, "hr", { title: inserted.title, description: inserted.description, alt: "" });
        await recordChange(tx, { entity: "media", entityId: inserted.id, action: "upload", after: { title: inserted.title, path: key } });
        return inserted;
      });
      records.push(mediaView(row, ctx.site.id));
    } catch (err) {
      await ctx.media.remove(key);
      throw err;
    }
  }
  return { records, refused };
}

/**
 * POST v2 media/replace/:id: one file, checked like an upload, becomes the row's original. The row
 * keeps its id and driveId, so every place that shows it shows the new file (its older URLs lead to
 * the current one); its version counts up and the old original goes from the store.
 */
export async function replaceMedia(
  ctx: RequestCtx,
  id: number,
  files: readonly ReceivedFile[],
): Promise<{ record: MediaView | null; refused: RefusedFile[] }> {
  const [file] = files;
  if (!file || files.length !== 1) throw new AppError("VALIDATION_ERROR", "media.replaceOneFile");
  await mediaOr404(ctx, id);
  const outcome = await examine(file);
  if (typeof outcome === "string") return { record: null, refused: [refusal(ctx, file, outcome)] };
  const key = keyOf(randomUUID(), outcome.extension);
  await ctx.media.put(key, outcome.bytes);
  let old: string;
  let record: MediaView;
  try {
    [old, record] = await withTransaction(ctx, async (tx) => {
      const row = await mediaOr404(tx, id);
      const updated = await updateMediaRow(tx.db, id, {
        version: row.version + 1,
        size: outcome.bytes.length,
        path: key,
        extension: outcome.extension,
        mime: outcome.mime,
        original_name: file.name.slice(0, 255),
        hash: createHash("sha256").update(outcome.bytes).digest("hex"),
        width: outcome.width,
        height: outcome.height,
      });
      await recordChange(tx, {
        entity: "media",
        entityId: id,
        action: "replace",
        before: { path: row.path, version: row.version },
        after: { path: key, version: updated.version },
      });
      const [view] = await localisedViews(tx, [updated]);
      return [row.path, view as MediaView] as const;
    });
  } catch (err) {
    await ctx.media.remove(key);
    throw err;
  }
  if (!(await pathShared(ctx.db, old))) await ctx.media.remove(old);
  return { record, refused: [] };
}
