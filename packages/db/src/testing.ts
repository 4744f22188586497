import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type Db } from "./create-db.ts";
import { migrateToLatest } from "./migrate.ts";

/**
 * A migrated database of its own for one test file: in-memory SQLite, or a fresh schema on the
 * PostgreSQL of TEST_DATABASE_URL (dropped again by `destroy`).
 */
export async function createTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = createDb("sqlite::memory:");
    await migrateToLatest(handle.db, handle.dialect);
    return handle;
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = createDb(url, { schema, poolSize: 4 });
  await migrateToLatest(handle.db, handle.dialect, { schema });
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
