import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";
import { IMAGES } from "./assets.ts";
import { BANK_ACCOUNT, COMPANY, COMPANY_ADDRESS } from "./business.ts";
import { seedCatalog } from "./catalog.ts";
import { seedCheckout } from "./checkout.ts";
import { seedCms } from "./cms.ts";
import { seedConsents } from "./consents.ts";
import { CONTENT_DE } from "./content-de.ts";
import { CONTENT_EN } from "./content-en.ts";
import { CONTENT_HR } from "./content-hr.ts";
import type { SeedContext } from "./context.ts";
import { COUNTRIES } from "./countries.ts";
import { seedEvents } from "./events.ts";
import { seedForms } from "./forms.ts";
import { LANGUAGES } from "./languages.ts";
import { seedMedia } from "./media.ts";
import { seedPageTemplates } from "./page-templates.ts";
import { ELEMENT_VARIANTS, type LocaleContent, PAGE_KEYS, type SeedElements, type SeedNavItem } from "./types.ts";

export interface DemoCredentials {
  admin: { email: string; password: string };
  customer: { email: string; password: string };
}

export const DEMO_API_KEY = "demo-autopraonica-api-key";
/** The membership card issued to the demo customer (a valid EAN-13): with it the demo shows membership prices. */
export const DEMO_MEMBER_CARD = "3851234000017";

/** The demo's content per language; hr first (the default language). */
export const DEMO_CONTENT: readonly LocaleContent[] = [CONTENT_HR, CONTENT_EN, CONTENT_DE];

type Trx = Transaction<Database>;

/** Thrown inside the seeding transaction to roll back the site it claimed. */
class SiteExists extends Error {}

/**
 * The API key a site holds while it is being seeded. Two first starts at once seed once: the seeding
 * transaction's first statement inserts the site under this key, whose uniqueness is the lock, and
 * its last gives the site its real key. On PostgreSQL the second insert waits for the first
 * transaction, then finds the first site; on SQLite a write as the first statement waits for the
 * one writer (the busy timeout), and then finds the site too.
 */
const SEEDING_KEY = "seeding-in-progress";

/** Fills an empty database with the demo business; does nothing (returns null) when a site exists. */
export async function seedDemo(db: Kysely<Database>, deps: { hashPassword(pw: string): Promise<string> }): Promise<DemoCredentials | null> {
  // Every start asks; only an empty database is worth hashing passwords for.
  const existing = await db.selectFrom("sites").select("id").executeTakeFirst();
  if (existing) return null;
  const credentials: DemoCredentials = {
    admin: { email: "admin@autopraonica.local", password: randomBytes(9).toString("base64url") },
    customer: { email: "kupac@autopraonica.local", password: randomBytes(9).toString("base64url") },
  };
  const hashes = {
    admin: await deps.hashPassword(credentials.admin.password),
    customer: await deps.hashPassword(credentials.customer.password),
  };
  return (await seedOnce(db, { url: "http://localhost:3000", apiKey: DEMO_API_KEY, users: { credentials, hashes } })) ? credentials : null;
}

/**
 * SEED=site: the business's own site from the same data (pages, menus, catalog, branches, options in
 * three languages) under a new random API key, with no users and none of the demo's made-up reviews,
 * comments or coupon; its administrator comes from `npm run create-admin`. False when a site exists.
 */
export async function seedSite(db: Kysely<Database>, url: string): Promise<boolean> {
  if (await db.selectFrom("sites").select("id").executeTakeFirst()) return false;
  return seedOnce(db, { url, apiKey: randomBytes(24).toString("base64url"), users: null });
}

interface SeedPlan {
  url: string;
  apiKey: string;
  users: { credentials: DemoCredentials; hashes: { admin: string; customer: string } } | null;
}

async function seedOnce(db: Kysely<Database>, plan: SeedPlan): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await db.transaction().execute((trx) => seedInto(trx, plan, now));
  } catch (err) {
    if (err instanceof SiteExists) return false;
    throw err;
  }
  return true;
}

async function seedInto(trx: Trx, plan: SeedPlan, now: string) {
  const claimed = await trx
    .insertInto("sites")
    .values({ name: COMPANY.brand, url: plan.url, api_key: SEEDING_KEY, default_language: "hr" })
    .onConflict((oc) => oc.column("api_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!claimed) throw new SiteExists();
  // A site of another key (made since the check above) is a shop too: leave it alone.
  const other = await trx.selectFrom("sites").select("id").where("id", "!=", claimed.id).executeTakeFirst();
  if (other) throw new SiteExists();
  if (plan.users) await insertUsers(trx, plan.users.credentials, plan.users.hashes, now);
  await trx.insertInto("cms_options").values(cmsOptions()).execute();
  await trx
    .insertInto("languages")
    .values([...LANGUAGES])
    .execute();
  await trx
    .insertInto("countries")
    .values([...COUNTRIES])
    .execute();
  for (const content of DEMO_CONTENT) {
    await insertNavigations(trx, content);
    await insertElements(trx, content, now);
  }
  await insertPages(trx, DEMO_CONTENT, now);
  const ids = await trx.selectFrom("users").select(["id", "is_backoffice"]).execute();
  const ctx: SeedContext = {
    trx,
    now,
    users: plan.users
      ? { adminId: ids.find((u) => u.is_backoffice === 1)?.id ?? 0, customerId: ids.find((u) => u.is_backoffice === 0)?.id ?? 0 }
      : null,
  };
  // Area seeds in dependency order: media first (others point at it), then content, forms, consents.
  await seedMedia(ctx);
  await seedCms(ctx);
  await seedEvents(ctx);
  await seedForms(ctx);
  await seedConsents(ctx);
  await seedCatalog(ctx);
  await seedCheckout(ctx);
  await seedPageTemplates(ctx);
  await trx.updateTable("sites").set({ api_key: plan.apiKey }).where("id", "=", claimed.id).execute();
}

async function insertUsers(trx: Trx, credentials: DemoCredentials, hashes: { admin: string; customer: string }, now: string) {
  const common = {
    company_name: null,
    member_card_barcode: null,
    language: "hr",
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  };
  await trx
    .insertInto("users")
    .values({
      ...common,
      email: credentials.admin.email,
      username: credentials.admin.email,
      password_hash: hashes.admin,
      first_name: "Ana",
      last_name: "Horvat",
      is_backoffice: 1,
      staff_role: "administrator",
    })
    .execute();
  const customer = await trx
    .insertInto("users")
    .values({
      ...common,
      email: credentials.customer.email,
      username: credentials.customer.email,
      password_hash: hashes.customer,
      first_name: "Marko",
      last_name: "Kovačić",
      member_card_barcode: DEMO_MEMBER_CARD,
      is_backoffice: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("membership_cards")
    .values({ barcode: DEMO_MEMBER_CARD, user_id: customer.id, issued_at: now, revoked_at: null })
    .execute();
  await trx
    .insertInto("addresses")
    .values({
      user_id: customer.id,
      type: "main",
      first_name: "Marko",
      last_name: "Kovačić",
      contact_email: credentials.customer.email,
      contact_phone: "+385 91 555 0123",
      country: "HR",
      region: "Grad Zagreb",
      city: "Zagreb",
      street: "Ulica grada Vukovara",
      house_number: "58",
      zip_code: "10000",
      company_name: null,
      company_oib: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** SPEC §3 CMS option keys, with the demo's values (booleans as 'true'/'false'). */
function cmsOptions(): { key: string; value: string; media_id: null }[] {
  const hr = CONTENT_HR.elements.default;
  const options: Record<string, string> = {
    HomePageSlug: "pocetna",
    // The account bank transfers go to (the HUB-3 slip's recipient).
    BankIban: BANK_ACCOUNT.iban,
    BankRecipientName: BANK_ACCOUNT.recipient.name,
    BankRecipientStreet: BANK_ACCOUNT.recipient.street,
    BankRecipientPlace: BANK_ACCOUNT.recipient.place,
    // The seller its receipts name.
    CompanyName: COMPANY.legalName,
    CompanyStreet: COMPANY.street,
    CompanyPlace: `${COMPANY.zipCode} ${COMPANY.city}`,
    DefaultLanguage: "hr",
    AllowedLanguages: "hr,en,de",
    MaintenanceMode: "false",
    Logo: IMAGES.logo.src,
    CopyrightText: hr.footer.copyright,
    CookieNotice: hr.cookie.text,
    CanCommentOnBlog: "RegisteredUsers",
    RequireAdminPublishing: "true",
    OneUserOneComment: "true",
    UserCanEditComment: "true",
    NumberOfStars: "5",
    RequireRatingForComment: "false",
    RequireCommentForRating: "false",
    AnonymousCanMultipleReview: "false",
    AutoGenerateSiteMap: "true",
    SiteMapOptions: JSON.stringify({ lastmod: true, hreflang: true, images: true }),
    CmsVersion: "1.12.17",
    WwwPolicy: "no-www",
    PasswordProtection: "false",
    SendEmailTo: COMPANY.email,
    SendGdprTo: COMPANY.gdprEmail,
    SiteDescription: hr.footer.description,
    ContactAddress: COMPANY_ADDRESS,
    ContactPhone: COMPANY.phone,
    ContactEmail: COMPANY.email,
    OpeningHours: "Ponedjeljak – petak 07:00 – 20:00; subota i nedjelja zatvoreno",
    EuProjectUrl: `/${CONTENT_HR.pages.euProject.slug}`,
    AllowedCountries: "ALL",
    CartAddBehaviour: "2",
    // The demo shows all three checkout steps; staff switch this on to save the first delivery method for the customer.
    SkipShippingStep: "false",
  };
  return Object.entries(options).map(([key, value]) => ({ key, value, media_id: null }));
}

async function insertNavigations(trx: Trx, content: LocaleContent) {
  for (const [handle, items] of Object.entries(content.navigation)) {
    const nav = await trx
      .insertInto("navigations")
      .values({ handle, language_code: content.locale })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertNavItems(trx, nav.id, null, items);
  }
}

async function insertNavItems(trx: Trx, navigationId: number, parentId: number | null, items: readonly SeedNavItem[]) {
  for (const [index, item] of items.entries()) {
    const row = await trx
      .insertInto("navigation_items")
      .values({
        navigation_id: navigationId,
        parent_id: parentId,
        position: index + 1,
        type: item.url === undefined ? "linkless" : "link",
        title: item.title,
        url: item.url ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (item.children?.length) await insertNavItems(trx, navigationId, row.id, item.children);
  }
}

const ELEMENT_HANDLERS: Record<keyof SeedElements, string> = {
  header: "header-section",
  footer: "footer-section",
  cookie: "cookie-section",
};

async function insertElements(trx: Trx, content: LocaleContent, now: string) {
  const rows = ELEMENT_VARIANTS.flatMap((variant) =>
    (Object.keys(ELEMENT_HANDLERS) as (keyof SeedElements)[]).map((part) => ({
      handler: ELEMENT_HANDLERS[part],
      variant,
      title: content.elementTitles[part],
      type: "static-element",
      slug: `${ELEMENT_HANDLERS[part]}-${variant}`,
      language_code: content.locale,
      options: JSON.stringify(content.elements[variant][part]),
      meta: JSON.stringify({}),
      created_at: now,
    })),
  );
  await trx.insertInto("elements").values(rows).execute();
}

/** One published page post per page key, with a translation (and its components) per language. */
async function insertPages(trx: Trx, contents: readonly LocaleContent[], now: string) {
  for (const key of PAGE_KEYS) {
    const post = await trx
      .insertInto("posts")
      .values({ post_type: "page", status: "published", published_at: now, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("post_translations")
      .values(
        contents.map((content) => {
          const page = content.pages[key];
          return {
            post_id: post.id,
            language_code: content.locale,
            slug: page.slug,
            title: page.title,
            body: `<p>${escapeHtml(page.summary)}</p>`,
            components: JSON.stringify(page.components.map((c, i) => ({ id: i + 1, template: c.template, data: c.data }))),
          };
        }),
      )
      .execute();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
