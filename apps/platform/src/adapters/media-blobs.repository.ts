import type { Executor } from "@shop/db";

/** The database media store's rows (media_blobs): an original's bytes under its storage key. */

export async function putBlob(db: Executor, key: string, bytes: Buffer): Promise<void> {
  await db
    .insertInto("media_blobs")
    .values({ key, bytes, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ bytes }))
    .execute();
}

export async function blobOf(db: Executor, key: string): Promise<Uint8Array | null> {
  const row = await db.selectFrom("media_blobs").select("bytes").where("key", "=", key).executeTakeFirst();
  return row ? row.bytes : null;
}

export async function deleteBlob(db: Executor, key: string): Promise<void> {
  await db.deleteFrom("media_blobs").where("key", "=", key).execute();
}
