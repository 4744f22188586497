import type { AddressInput, UserView } from "@shop/contracts";
import type { AddressRow, Database, UserRow } from "@shop/db";
import type { Kysely, Transaction } from "kysely";

export type Executor = Kysely<Database> | Transaction<Database>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listAddresses(db: Executor, userId: number): Promise<AddressRow[]> {
  return db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export function addressColumns(a: AddressInput) {
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

export function toAddressView(r: AddressRow) {
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

export function toUserView(u: UserRow, addresses: AddressRow[]): UserView {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    details: { firstName: u.first_name, lastName: u.last_name },
    company: u.company_name ? { name: u.company_name } : null,
    memberCardBarcode: u.member_card_barcode,
    addresses: addresses.map(toAddressView),
    isBackofficeUser: u.is_backoffice === 1,
    emailVerified: u.email_verified_at !== null,
    language: u.language,
  };
}

export async function loadUserView(db: Executor, id: number): Promise<UserView | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return toUserView(user, await listAddresses(db, id));
}
