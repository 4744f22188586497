import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

export class DatabaseNotWritable extends Error {}

class ProbeDone extends Error {}

/**
 * Whether the database takes writes, asked once at start: a read-only file, directory, file system
 * or server would otherwise start and then fail every order, login and form with 500. A real write
 * (a table made) inside a transaction that is then rolled back, so nothing stays behind.
 */
export async function assertWritable(db: Kysely<Database>): Promise<void> {
  const table = sql.table(`shop_write_probe_${randomBytes(4).toString("hex")}`);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE ${table} (x integer)`.execute(trx);
      throw new ProbeDone();
    });
  } catch (err) {
    if (err instanceof ProbeDone) return;
    throw new DatabaseNotWritable(err instanceof Error ? err.message : String(err));
  }
}
