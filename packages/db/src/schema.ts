import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AuditTables } from "./schema/audit.ts";
import type { BankStatementTables } from "./schema/bank-statements.ts";
import type { CartTables } from "./schema/cart.ts";
import type { CatalogTables } from "./schema/catalog.ts";
import type { CmsTables } from "./schema/cms.ts";
import type { ConsentsTables } from "./schema/consents.ts";
import type { EventsTables } from "./schema/events.ts";
import type { FormsTables } from "./schema/forms.ts";
import type { MediaTables } from "./schema/media.ts";
import type { OrderTables } from "./schema/orders.ts";
import type { PageTemplateTables } from "./schema/page-templates.ts";
import type { SearchTables } from "./schema/search.ts";

/** Booleans are 0/1 integers and times ISO-8601 text on both dialects, so one query serves both. */
type Id = Generated<number>;
type Bool = number;
type Created = ColumnType<string, string | undefined, never>;

export interface UsersTable {
  id: Id;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  member_card_barcode: string | null;
  is_backoffice: Bool;
  /** A staff account's role ('administrator' or 'staff'); null for customers. */
  staff_role: ColumnType<string | null, string | null | undefined, string | null>;
  /** The scopes of a 'staff' role, joined by commas (an administrator has all of them). */
  staff_scopes: ColumnType<string, string | undefined, string>;
  language: string;
  email_verified_at: string | null;
  /** Access tokens issued before this time no longer count (logout everywhere, password or e-mail change). */
  tokens_valid_after: ColumnType<string | null, string | null | undefined, string | null>;
  /** The profile's default addresses (ids of this user's addresses; cleared when the address goes). */
  default_delivery_address_id: ColumnType<number | null, number | null | undefined, number | null>;
  default_billing_address_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Created;
  updated_at: string;
}

export interface AddressesTable {
  id: Id;
  user_id: number;
  type: string;
  first_name: string;
  last_name: string;
  contact_email: string;
  contact_phone: string;
  country: string;
  region: string | null;
  city: string;
  street: string;
  house_number: string;
  zip_code: string;
  company_name: string | null;
  company_oib: string | null;
  created_at: Created;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  family: string;
  expires_at: string;
  revoked_at: string | null;
  /** Set when a successor replaced it: presented again within the grace window, it answers that successor. */
  rotated_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Created;
}

/** An OpenID Connect provider's subject linked to an account (social login). */
export interface SocialLoginsTable {
  id: Id;
  user_id: number;
  /** The configured provider's name, lower case (google, apple, …). */
  provider: string;
  /** The ID token's `sub`: stable at the provider, unlike the e-mail. */
  subject: string;
  created_at: Created;
  last_login_at: string;
}

export interface UserTokensTable {
  id: Id;
  user_id: number;
  purpose: "verify" | "reset" | "email";
  token_hash: string;
  /** An e-mail change token: the address it confirms. */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: string;
  used_at: string | null;
  created_at: Created;
}

/** Membership cards actually issued, each to its holder; only these give membership prices. */
export interface MembershipCardsTable {
  id: Id;
  barcode: string;
  user_id: number;
  issued_at: string;
  revoked_at: string | null;
  /** The card's last valid instant (issue 12's back office); null: valid until revoked. */
  valid_until: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SitesTable {
  id: Id;
  name: string;
  url: string;
  api_key: string;
  default_language: string;
}

export interface CmsOptionsTable {
  id: Id;
  key: string;
  value: string;
  media_id: number | null;
}

export interface LanguagesTable {
  id: number;
  code: string;
  code2: string;
  name: string;
  name_hrv: string;
  name_eng: string;
  name_ger: string;
  name_srp: string;
}

export interface CountriesTable {
  id: number;
  iso: string;
  code: string;
  name_hr: string;
  name_en: string;
  name_de: string;
}

/**
 * pending: waits for its next attempt; sending: claimed by a dispatcher until claimed_until; sent;
 * kept: written without SMTP, for staff to read, never sent; failed: given up after retrying.
 */
export type OutboxStatus = "pending" | "sending" | "sent" | "kept" | "failed";

export interface OutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Created;
  status: OutboxStatus;
  /** Attempts begun, counted when claimed (a dispatcher that stopped mid-send used one too). */
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  /** JSON: what to attach, made when the mail is sent (ADR 12); null for none. */
  attachments: string | null;
}

export interface NavigationsTable {
  id: Id;
  handle: string;
  language_code: string;
  /** Counts the menu's saves: a save based on an older one is refused (issue 13). */
  version: ColumnType<number, number | undefined, number>;
}

export interface NavigationItemsTable {
  id: Id;
  navigation_id: number;
  parent_id: number | null;
  position: number;
  type: "link" | "linkless";
  title: string;
  url: string | null;
}

export interface ElementsTable {
  id: Id;
  handler: string;
  variant: string;
  title: string;
  type: string;
  slug: string;
  language_code: string;
  options: string;
  meta: string;
  created_at: Created;
  /** Counts the element's saves: an edit based on an older one is refused (issue 13). */
  version: ColumnType<number, number | undefined, number>;
}

export interface PostsTable {
  id: Id;
  post_type: string;
  status: "draft" | "published";
  published_at: string | null;
  created_at: Created;
  updated_at: string;
}

export interface PostTranslationsTable {
  id: Id;
  post_id: number;
  language_code: string;
  slug: string;
  title: string;
  body: string;
  components: string;
  /** The published version in this language counts its publishes (issue 13). */
  version: ColumnType<number, number | undefined, number>;
  /** Who published it and when; null for content written before drafts (seeded, API-created). */
  saved_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  saved_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Tables of the foundation: users, tokens, site, options, languages, countries, outbox, navigation, elements, posts. */
export interface CoreTables {
  users: UsersTable;
  addresses: AddressesTable;
  refresh_tokens: RefreshTokensTable;
  user_tokens: UserTokensTable;
  social_logins: SocialLoginsTable;
  membership_cards: MembershipCardsTable;
  sites: SitesTable;
  cms_options: CmsOptionsTable;
  languages: LanguagesTable;
  countries: CountriesTable;
  outbox: OutboxTable;
  navigations: NavigationsTable;
  navigation_items: NavigationItemsTable;
  elements: ElementsTable;
  posts: PostsTable;
  post_translations: PostTranslationsTable;
}

export interface Database
  extends CoreTables,
    CmsTables,
    EventsTables,
    FormsTables,
    ConsentsTables,
    SearchTables,
    MediaTables,
    CatalogTables,
    CartTables,
    OrderTables,
    BankStatementTables,
    AuditTables,
    PageTemplateTables {}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;
