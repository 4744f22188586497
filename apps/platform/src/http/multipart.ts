import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FileUpload, ReceivedFile } from "@shop/contracts";
import busboy from "busboy";
import { AppError } from "./app-error.ts";

/** The JSON beside the files (SPEC §7: `customData`); small, like every other body of the API. */
const CUSTOM_DATA = "customData";
const MAX_FIELD_BYTES = 64 * 1024;

export interface Upload {
  /** `customData` parsed as JSON ({} when absent). */
  data: unknown;
  files: ReceivedFile[];
  /** Removes the temporary files: called once the answer is made. */
  discard(): Promise<void>;
}

// SPEC §9: the selection-limit message, with its limit.
const tooMany = (max: number) => new AppError("VALIDATION_ERROR", "media.tooManyFiles", { params: { max } });
const badUpload = () => new AppError("VALIDATION_ERROR", "validation.invalid");

/**
 * Reads a multipart upload with busboy, each file streamed to a temporary file (never held whole
 * in memory: twenty phone photos are 200 MB): at most `maxFiles` files, each cut at
 * `maxFileBytes` and marked `tooLarge` so the handler can refuse that one file and keep the rest.
 * More files than allowed refuse the whole upload, before any is kept.
 */
export async function readUpload(raw: Request, spec: FileUpload): Promise<Upload> {
  const type = raw.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !raw.body) throw badUpload();
  const declared = Number(raw.headers.get("content-length") ?? "0");
  if (declared > spec.maxFiles * (spec.maxFileBytes + 4096) + MAX_FIELD_BYTES * 2) {
    await raw.body.cancel();
    throw new AppError("PAYLOAD_TOO_LARGE", "error.payloadTooLarge");
  }
  const dir = await mkdtemp(join(tmpdir(), "shop-upload-"));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const parsed = await parse(raw.body as WebReadableStream, type, spec, dir);
    return { ...parsed, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

async function parse(body: WebReadableStream, contentType: string, spec: FileUpload, dir: string): Promise<Omit<Upload, "discard">> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: spec.maxFiles, fileSize: spec.maxFileBytes, fields: 4, fieldSize: MAX_FIELD_BYTES, parts: spec.maxFiles + 4 },
      defParamCharset: "utf8",
    });
  } catch {
    throw badUpload();
  }
  const files: ReceivedFile[] = [];
  const writes: Promise<boolean>[] = [];
  const streams: Readable[] = [];
  let customData = "";
  let failed: AppError | null = null;
  const fail = (error: AppError) => {
    failed ??= error;
  };
  parser.on("file", (field, stream, info) => {
    if (field !== spec.field || failed) {
      stream.resume();
      return;
    }
    const file: ReceivedFile = { name: info.filename ?? "", path: join(dir, String(files.length)), size: 0, tooLarge: false };
    files.push(file);
    streams.push(stream);
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    stream.on("limit", () => {
      file.tooLarge = true;
    });
    writes.push(
      pipeline(stream, createWriteStream(file.path)).then(
        () => true,
        () => false,
      ),
    );
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new AppError("PAYLOAD_TOO_LARGE", "error.payloadTooLarge"));
    else if (name === CUSTOM_DATA) customData = value;
  });
  parser.on("filesLimit", () => fail(tooMany(spec.maxFiles)));
  parser.on("partsLimit", () => fail(tooMany(spec.maxFiles)));
  try {
    await pipeline(Readable.fromWeb(body), parser);
  } catch {
    // A body cut off mid-file: the file's stream would wait for bytes that never come.
    for (const stream of streams) stream.destroy();
    throw badUpload();
  } finally {
    // Every file stream ends with the parser; wait for the disk before deciding or removing anything.
    const written = await Promise.all(writes);
    if (written.includes(false)) fail(badUpload());
  }
  if (failed) throw failed;
  if (customData.trim() === "") return { data: {}, files };
  try {
    return { data: JSON.parse(customData), files };
  } catch {
    throw badUpload();
  }
}
