import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

export interface DemoCredentials {
  admin: { email: string; password: string };
  customer: { email: string; password: string };
}

export const DEMO_API_KEY = "demo-autopraonica-api-key";

/** Fills an empty database with the demo business; does nothing (returns null) when a site exists. */
export async function seedDemo(db: Kysely<Database>, deps: { hashPassword(pw: string): Promise<string> }): Promise<DemoCredentials | null> {
  const existing = await db.selectFrom("sites").select("id").executeTakeFirst();
  if (existing) return null;
  const credentials: DemoCredentials = {
    admin: { email: "admin@autopraonica.local", password: randomBytes(9).toString("base64url") },
    customer: { email: "kupac@autopraonica.local", password: randomBytes(9).toString("base64url") },
  };
  const adminHash = await deps.hashPassword(credentials.admin.password);
  const customerHash = await deps.hashPassword(credentials.customer.password);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sites")
      .values({ name: "Autopraonica Zagreb", url: "http://localhost:3000", api_key: DEMO_API_KEY, default_language: "hr" })
      .execute();
    await trx
      .insertInto("users")
      .values([
        {
          email: credentials.admin.email,
          username: credentials.admin.email,
          password_hash: adminHash,
          first_name: "Ana",
          last_name: "Horvat",
          company_name: null,
          member_card_barcode: null,
          is_backoffice: 1,
          language: "hr",
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        },
        {
          email: credentials.customer.email,
          username: credentials.customer.email,
          password_hash: customerHash,
          first_name: "Marko",
          last_name: "Kovačić",
          company_name: null,
          member_card_barcode: null,
          is_backoffice: 0,
          language: "hr",
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await trx
      .insertInto("cms_options")
      .values([
        { key: "HomePageSlug", value: "pocetna", media_id: null },
        { key: "DefaultLanguage", value: "hr", media_id: null },
        { key: "AllowedLanguages", value: "hr,en,de", media_id: null },
        { key: "MaintenanceMode", value: "false", media_id: null },
      ])
      .execute();
    const page = await trx
      .insertInto("posts")
      .values({ post_type: "page", status: "published", published_at: now, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("post_translations")
      .values({
        post_id: page.id,
        language_code: "hr",
        slug: "pocetna",
        title: "Početna",
        body: "",
        components: JSON.stringify([{ id: 1, template: "hero", data: { title: "Autopraonica Zagreb", text: "Sjaj bez ogrebotine." } }]),
      })
      .execute();
  });
  return credentials;
}
