import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { emailField, STAFF_SCOPES, type StaffRights, type StaffScope } from "@shop/contracts";
import { createDb, MigrationError, migrateToLatest } from "@shop/db";
import { seedDemo } from "@shop/db/seed/demo.ts";
import { hashPassword } from "@shop/platform/auth/password.ts";
import { createBackofficeUser } from "@shop/platform/modules/user/index.ts";
import { ConfigError, loadConfig } from "./config.ts";

const USAGE = `Usage: node apps/server/src/cli.ts <command>
  migrate                    apply pending migrations
  seed                       fill an empty database with the demo data
  create-admin <email>       create an administrator (prints its password once)
    --scopes content,shop    create staff with only these scopes instead (${STAFF_SCOPES.join(", ")})`;

/** The rights `create-admin` gives: an administrator, or staff with the scopes named by --scopes. */
function rightsOf(scopes: string | undefined): StaffRights | null {
  if (scopes === undefined) return { role: "administrator", scopes: [] };
  const names = scopes.split(",").map((s) => s.trim());
  if (names.length === 0 || names.some((n) => !(STAFF_SCOPES as readonly string[]).includes(n))) return null;
  return { role: "staff", scopes: names as StaffScope[] };
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !["migrate", "seed", "create-admin"].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const handle = createDb(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (command === "migrate") {
      process.stdout.write(applied.length ? `Applied: ${applied.join(", ")}\n` : "Database is up to date.\n");
      return 0;
    }
    if (command === "seed") {
      const created = await seedDemo(handle.db, { hashPassword });
      process.stdout.write(
        created
          ? `Demo data created.\n  administrator  ${created.admin.email}  ${created.admin.password}\n  customer       ${created.customer.email}  ${created.customer.password}\n`
          : "The database already has a site; nothing seeded.\n",
      );
      return 0;
    }
    const { values, positionals } = parseArgs({ args: rest, options: { scopes: { type: "string" } }, allowPositionals: true });
    const email = emailField().safeParse(positionals[0]);
    if (!email.success) {
      process.stderr.write("create-admin needs a valid e-mail address.\n");
      return 2;
    }
    const rights = rightsOf(values.scopes);
    if (!rights) {
      process.stderr.write(`--scopes takes a comma-separated list of: ${STAFF_SCOPES.join(", ")}.\n`);
      return 2;
    }
    const password = randomBytes(12).toString("base64url");
    if (!(await createBackofficeUser(handle.db, email.data, password, rights))) {
      process.stderr.write("A user with this e-mail already exists.\n");
      return 1;
    }
    const what = rights.role === "administrator" ? "Administrator" : `Staff member (${rights.scopes.join(", ")})`;
    process.stdout.write(`${what} ${email.data} created. Password (shown once): ${password}\n`);
    return 0;
  } finally {
    await handle.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof MigrationError;
    process.stderr.write(`${known ? (err as Error).message : err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
