import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import type { Executor } from "@shop/db";
import { blobOf, deleteBlob, putBlob } from "./media-blobs.repository.ts";

/**
 * Where the media library keeps its originals (issue 13), by a storage key the server makes
 * (`originals/ab/<uuid>.jpg`; never a name from outside). The generated sizes are not kept here:
 * each instance makes them again from the original when it needs them.
 */
export interface MediaStore {
  readonly kind: "folder" | "database";
  put(key: string, bytes: Buffer): Promise<void>;
  /** The original's bytes; null when the store has none under the key (nothing is ever stored under a malformed key). */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Only the server's own key shape reaches a path or a row: letters, digits, `-`, `_`, `.` and `/` between parts. */
const KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]+)?$/i;

const isKey = (key: string) => KEY.test(key) && key.length <= 255;

function checked(key: string): string {
  if (!isKey(key)) throw new Error(`not a media storage key: ${key}`);
  return key;
}

/** The local media folder (MEDIA_DIR): one instance, or several sharing one disk. */
export function folderMediaStore(mediaDir: string): MediaStore {
  const root = resolve(mediaDir);
  const fileOf = (key: string) => {
    const file = resolve(root, checked(key));
    if (!file.startsWith(root + sep)) throw new Error(`media key outside the media folder: ${key}`);
    return file;
  };
  return {
    kind: "folder",
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Beside the target, then renamed over it: a reader sees no file or the whole one.
      const tmp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
    },
    async get(key) {
      if (!isKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
  };
}

/** The database (media_blobs): every instance on one PostgreSQL serves what any of them took. */
export function databaseMediaStore(db: Executor): MediaStore {
  return {
    kind: "database",
    async put(key, bytes) {
      await putBlob(db, checked(key), bytes);
    },
    async get(key) {
      if (!isKey(key)) return null;
      const bytes = await blobOf(db, key);
      return bytes ? Buffer.from(bytes) : null;
    },
    async remove(key) {
      await deleteBlob(db, checked(key));
    },
  };
}
