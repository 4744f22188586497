import {
  type AddressInput,
  type AddressView,
  parseStaffScopes,
  STAFF_SCOPES,
  type StaffRights,
  type StaffRole,
  type UserView,
} from "@shop/contracts";
import type { AddressRow, Executor, NewUser, UserRow, UserUpdate } from "@shop/db";
import { sql } from "kysely";
import { likeContains } from "../../shared/like.ts";

export type TokenPurpose = "verify" | "reset" | "email";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface UserAccess {
  id: number;
  is_backoffice: number;
  staff_role: string | null;
  staff_scopes: string;
  tokens_valid_after: string | null;
  /** Whether the session still has a refresh token that is not revoked (false when no session was asked about). */
  sessionLive: boolean;
}

/**
 * Only what an access token's check needs, read on every logged-in request in one query: the user,
 * the time before which its tokens no longer count, and whether the token's session (a refresh
 * token family) is still open.
 */
export async function findUserAccess(db: Executor, id: number, session?: string): Promise<UserAccess | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "is_backoffice", "staff_role", "staff_scopes", "tokens_valid_after"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("refresh_tokens")
            .select("refresh_tokens.id")
            .where("refresh_tokens.family", "=", session ?? "")
            .where("refresh_tokens.user_id", "=", id)
            .where("refresh_tokens.revoked_at", "is", null),
        )
        .as("session_live"),
    )
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_live, ...user } = row;
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return { ...user, sessionLive: Boolean(session_live) };
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** One of the user's own addresses; another user's id finds nothing, like a missing one. */
export async function findOwnAddress(db: Executor, userId: number, addressId: number): Promise<AddressView | undefined> {
  const row = await db.selectFrom("addresses").selectAll().where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  return row && toAddressView(row);
}

export function listAddresses(db: Executor, userId: number): Promise<AddressRow[]> {
  return db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function insertAddress(db: Executor, userId: number, address: AddressInput): Promise<number> {
  const row = await db
    .insertInto("addresses")
    .values({ ...addressColumns(address), user_id: userId, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** False when the address does not exist or is not the user's. */
export async function updateAddress(db: Executor, userId: number, addressId: number, address: AddressInput): Promise<boolean> {
  const result = await db
    .updateTable("addresses")
    .set(addressColumns(address))
    .where("id", "=", addressId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countAddresses(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("addresses")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** False when the address does not exist or is not the user's; a default it was is cleared with it. */
export async function deleteAddress(db: Executor, userId: number, addressId: number): Promise<boolean> {
  const result = await db.deleteFrom("addresses").where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  for (const column of ["default_delivery_address_id", "default_billing_address_id"] as const) {
    await db
      .updateTable("users")
      .set({ [column]: null })
      .where("id", "=", userId)
      .where(column, "=", addressId)
      .execute();
  }
  return true;
}

export type DefaultAddressColumn = "default_delivery_address_id" | "default_billing_address_id";

/** Only one of the user's own addresses can become a default: false for any other id. */
export async function setDefaultAddress(db: Executor, userId: number, addressId: number, column: DefaultAddressColumn): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ [column]: addressId, updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("addresses").select("addresses.id").where("addresses.id", "=", addressId).where("addresses.user_id", "=", userId),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** `newEmail`: the address an e-mail change token confirms. */
export async function insertUserToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  tokenHash: string,
  expiresAt: string,
  newEmail: string | null = null,
): Promise<void> {
  await db
    .insertInto("user_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: tokenHash,
      new_email: newEmail,
      expires_at: expiresAt,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** An unused, unexpired token of this purpose. */
export function findUsableUserToken(
  db: Executor,
  purpose: TokenPurpose,
  tokenHash: string,
  now: string,
): Promise<{ id: number; user_id: number; new_email: string | null } | undefined> {
  return db
    .selectFrom("user_tokens")
    .select(["id", "user_id", "new_email"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** False when another request used it first (the used_at condition makes the second use lose). */
export async function markUserTokenUsed(db: Executor, id: number, now: string): Promise<boolean> {
  const used = await db
    .updateTable("user_tokens")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function invalidateUnusedTokens(db: Executor, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .updateTable("user_tokens")
    .set({ used_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Whether `barcode` is a card issued to this user, not revoked and not past its validity. */
export async function holdsMemberCard(db: Executor, userId: number, barcode: string): Promise<boolean> {
  const card = await db
    .selectFrom("membership_cards")
    .select("id")
    .where("barcode", "=", barcode)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", new Date().toISOString())]))
    .executeTakeFirst();
  return card !== undefined;
}

function addressColumns(a: AddressInput) {
  return {
    type: a.type,
    first_name: a.firstName,
    last_name: a.lastName,
    contact_email: a.contactEmail,
    contact_phone: a.contactPhone,
    country: a.country,
    region: a.region ?? null,
    city: a.city,
    street: a.street,
    house_number: a.houseNumber,
    zip_code: a.zipCode,
    company_name: a.companyName || null,
    company_oib: a.companyOIB || null,
    updated_at: new Date().toISOString(),
  };
}

function toAddressView(r: AddressRow): AddressView {
  return {
    id: r.id,
    type: r.type as AddressInput["type"],
    firstName: r.first_name,
    lastName: r.last_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    country: r.country,
    region: r.region ?? undefined,
    city: r.city,
    street: r.street,
    houseNumber: r.house_number,
    zipCode: r.zip_code,
    companyName: r.company_name ?? undefined,
    companyOIB: r.company_oib ?? undefined,
  };
}

/**
 * A staff account's rights from its row. A backoffice row without a known role gets no scopes at
 * all (least privilege): only migration 0022 and the code that creates staff set the role.
 */
export function staffRightsOf(u: { is_backoffice: number; staff_role: string | null; staff_scopes: string }): StaffRights | null {
  if (u.is_backoffice !== 1) return null;
  const role: StaffRole = u.staff_role === "administrator" ? "administrator" : "staff";
  return { role, scopes: role === "administrator" ? [...STAFF_SCOPES] : parseStaffScopes(u.staff_scopes) };
}

function toUserView(u: UserRow, addresses: AddressRow[]): UserView {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    details: { firstName: u.first_name, lastName: u.last_name },
    company: u.company_name ? { name: u.company_name } : null,
    memberCardBarcode: u.member_card_barcode,
    addresses: addresses.map(toAddressView),
    defaultDeliveryAddressId: u.default_delivery_address_id,
    defaultBillingAddressId: u.default_billing_address_id,
    isBackofficeUser: u.is_backoffice === 1,
    staff: staffRightsOf(u),
    emailVerified: u.email_verified_at !== null,
    language: u.language,
  };
}

export async function loadUserView(db: Executor, id: number): Promise<UserView | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return toUserView(user, await listAddresses(db, id));
}

/**
 * The account and what only it holds: its addresses, mailed links and membership cards. The
 * defaults are cleared first, so no row points at an address while it goes.
 */
export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.updateTable("users").set({ default_delivery_address_id: null, default_billing_address_id: null }).where("id", "=", id).execute();
  await db.deleteFrom("addresses").where("user_id", "=", id).execute();
  await db.deleteFrom("user_tokens").where("user_id", "=", id).execute();
  await db.deleteFrom("membership_cards").where("user_id", "=", id).execute();
  await db.deleteFrom("users").where("id", "=", id).execute();
}

/** Every staff account, administrators first, then by name. */
export function staffRows(db: Executor): Promise<UserRow[]> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("is_backoffice", "=", 1)
    .orderBy((eb) => eb.case().when("staff_role", "=", "administrator").then(0).else(1).end())
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

export function findStaffRow(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("is_backoffice", "=", 1).executeTakeFirst();
}

/**
 * Locks the administrators' rows for the rest of the transaction and answers how many there are:
 * an update that changes nothing takes the row locks on PostgreSQL (SQLite runs one writer at a
 * time anyway), so two administrators demoting each other at once cannot leave none.
 */
export async function lockAdministrators(db: Executor): Promise<number> {
  const result = await db
    .updateTable("users")
    .set((eb) => ({ staff_role: eb.ref("staff_role") }))
    .where("is_backoffice", "=", 1)
    .where("staff_role", "=", "administrator")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Customers (not staff) whose e-mail or name holds `q`, newest first: the back office's search. Digits
 * alone may be (part of) a company's OIB: one on a saved address, or on an order of theirs (its
 * `search_text` holds the OIB given at checkout).
 */
function customers(db: Executor, q: string | undefined) {
  return db
    .selectFrom("users")
    .where("is_backoffice", "=", 0)
    .$if(Boolean(q), (query) => {
      const text = (q ?? "").toLowerCase();
      const pattern = likeContains(text);
      const digits = /^\d+$/.test(text);
      return query.where((eb) =>
        eb.or([
          sql<boolean>`lower(email) like ${pattern} escape '\\'`,
          sql<boolean>`lower(first_name || ' ' || last_name) like ${pattern} escape '\\'`,
          ...(digits
            ? [
                eb.exists(
                  eb
                    .selectFrom("addresses")
                    .select("addresses.id")
                    .whereRef("addresses.user_id", "=", "users.id")
                    .where("addresses.company_oib", "like", pattern),
                ),
                eb.exists(
                  eb
                    .selectFrom("orders")
                    .select("orders.id")
                    .whereRef("orders.user_id", "=", "users.id")
                    .where(sql<boolean>`orders.search_text like ${pattern} escape '\\'`),
                ),
              ]
            : []),
        ]),
      );
    });
}

export async function countCustomers(db: Executor, q: string | undefined): Promise<number> {
  const row = await customers(db, q)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageCustomers(db: Executor, q: string | undefined, offset: number, limit: number) {
  return customers(db, q)
    .select(["id", "email", "first_name", "last_name", "language", "email_verified_at", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}
