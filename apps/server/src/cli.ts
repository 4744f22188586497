import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { emailField, STAFF_SCOPES, type StaffRights, type StaffScope } from "@shop/contracts";
import { createDb, MigrationError, migrateToLatest } from "@shop/db";
import { seedDemo, seedSite } from "@shop/db/seed/demo.ts";
import { hashPassword } from "@shop/platform/auth/password.ts";
import { createBackofficeUser } from "@shop/platform/modules/user/index.ts";
import { BackupError, backup, defaultBackupDir, restore } from "./backup.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { listOutbox, OUTBOX_LIMIT_DEFAULT, showMail } from "./outbox-cli.ts";

const USAGE = `Usage: node apps/server/src/cli.ts <command>
  migrate                    apply pending migrations
  seed                       fill an empty database with the demo data (prints the demo passwords once)
    --site                   with the business's own site instead: pages, catalog, branches, no users
  create-admin <email>       create an administrator (prints its password once)
    --scopes content,shop    create staff with only these scopes instead (${STAFF_SCOPES.join(", ")})
  backup                     copy the SQLite database into a dated file and check it (PostgreSQL: prints the pg_dump line)
    --dir <directory>        where the copy goes (default: backups beside the database file)
  restore <file>             put a SQLite backup in place of the database, the shop stopped (PostgreSQL: prints the pg_restore line)
  outbox                     list the mails the outbox holds, newest first
    --limit <n>              how many (default ${OUTBOX_LIMIT_DEFAULT})
    --show <id>              print one mail's text`;

const COMMANDS = ["migrate", "seed", "create-admin", "backup", "restore", "outbox"];

/** A positive whole number given to an option, or undefined. */
function count(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : undefined;
}

/** The rights `create-admin` gives: an administrator, or staff with the scopes named by --scopes. */
function rightsOf(scopes: string | undefined): StaffRights | null {
  if (scopes === undefined) return { role: "administrator", scopes: [] };
  const names = scopes.split(",").map((s) => s.trim());
  if (names.length === 0 || names.some((n) => !(STAFF_SCOPES as readonly string[]).includes(n))) return null;
  return { role: "staff", scopes: names as StaffScope[] };
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !COMMANDS.includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  // Backup and restore work on the file: neither opens the shop's connection nor migrates.
  if (command === "backup") {
    const { values } = parseArgs({ args: rest, options: { dir: { type: "string" } } });
    process.stdout.write(backup(config.databaseUrl, values.dir ?? defaultBackupDir(config.databaseUrl)));
    return 0;
  }
  if (command === "restore") {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true });
    if (positionals.length !== 1) {
      process.stderr.write("restore needs the backup's file: npm run restore -- <file>\n");
      return 2;
    }
    process.stdout.write(restore(config.databaseUrl, positionals[0] as string));
    return 0;
  }
  const handle = createDb(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (command === "migrate") {
      process.stdout.write(applied.length ? `Applied: ${applied.join(", ")}\n` : "Database is up to date.\n");
      return 0;
    }
    if (command === "seed" && rest.includes("--site")) {
      const made = await seedSite(handle.db, config.publicUrl);
      process.stdout.write(
        made
          ? "The shop's site was created without users: add its administrator with npm run create-admin -- <email>.\n"
          : "The database already has a site; nothing seeded.\n",
      );
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
    if (command === "outbox") {
      const { values } = parseArgs({ args: rest, options: { limit: { type: "string" }, show: { type: "string" } } });
      const limit = values.limit === undefined ? OUTBOX_LIMIT_DEFAULT : count(values.limit);
      const id = values.show === undefined ? undefined : count(values.show);
      if (limit === undefined || (values.show !== undefined && id === undefined)) {
        process.stderr.write("--limit and --show take a whole number above 0.\n");
        return 2;
      }
      if (id === undefined) {
        process.stdout.write(await listOutbox(handle.db, limit));
        return 0;
      }
      const mail = await showMail(handle.db, id);
      if (!mail) {
        process.stderr.write(`The outbox holds no mail ${id}.\n`);
        return 1;
      }
      process.stdout.write(mail);
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
    // parseArgs' own errors (an unknown option) are the operator's typo: the message says which.
    const badArgs = String((err as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");
    const known = err instanceof ConfigError || err instanceof MigrationError || err instanceof BackupError || badArgs;
    process.stderr.write(`${known ? (err as Error).message : err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
