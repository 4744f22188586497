import pg from "pg";

export interface FreshDatabase {
  /** The new database's URL (the given server's, another database name). */
  url: string;
  /** Drops it, ending any connection still open. */
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database `name` beside the one `url` names (a shop seeds into it). */
export async function freshDatabase(url: string, name: string): Promise<FreshDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.href,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
