import {
  STAFF_SCOPES,
  type StaffList,
  type StaffRights,
  type StaffView,
  type staffCreateBody,
  type staffUpdateBody,
} from "@shop/contracts";
import type { UserRow } from "@shop/db";
import type { z } from "zod";
import { hashPassword } from "../../auth/password.ts";
import { newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { recordChange } from "../audit/index.ts";
import * as repo from "./user.repository.ts";
import { sendResetLink } from "./user.service.ts";

/** The role and scopes as the users row keeps them; an administrator's scopes are implied, so none are stored. */
export function staffColumns(rights: StaffRights): { staff_role: string; staff_scopes: string } {
  const scopes = rights.role === "administrator" ? [] : STAFF_SCOPES.filter((s) => rights.scopes.includes(s));
  return { staff_role: rights.role, staff_scopes: scopes.join(",") };
}

function toStaffView(row: UserRow): StaffView {
  const rights = repo.staffRightsOf(row) ?? { role: "staff", scopes: [] };
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.language,
    role: rights.role,
    scopes: rights.scopes,
    createdAt: row.created_at,
  };
}

export async function filterStaff(ctx: RequestCtx): Promise<StaffList> {
  return { records: (await repo.staffRows(ctx.db)).map(toStaffView) };
}

const notFound = () => new AppError("NOT_FOUND", "error.notFound");

/**
 * A new staff account. Its password is random and unknown: the e-mail it gets carries a link to
 * set one, as "forgot password" does (valid as long as that link; "forgot password" gives a new one).
 */
export async function createStaff(ctx: RequestCtx, body: z.output<typeof staffCreateBody>): Promise<StaffView> {
  const email = repo.normalizeEmail(body.email);
  const passwordHash = await hashPassword(newOpaqueToken().token);
  return withTransaction(ctx, async (tx) => {
    if (await repo.findUserByEmail(tx.db, email)) throw fieldError("email", "admin.staff.emailTaken");
    const now = new Date().toISOString();
    let id: number;
    try {
      id = await repo.insertUser(tx.db, {
        email,
        username: email,
        password_hash: passwordHash,
        first_name: body.firstName,
        last_name: body.lastName,
        company_name: null,
        member_card_barcode: null,
        is_backoffice: 1,
        ...staffColumns(body),
        language: body.language,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError("email", "admin.staff.emailTaken");
      throw err;
    }
    const created = await repo.findUserById(tx.db, id);
    if (!created) throw notFound();
    const result = toStaffView(created);
    await recordChange(tx, { entity: "user.staff", entityId: id, action: "staff.create", after: result });
    // The invitation is written into the outbox with the account: both or neither.
    await sendResetLink({ ...tx, locale: body.language }, email);
    return result;
  });
}

/**
 * A staff account's new role and scopes, in effect at its next request (rights are read with the
 * user each time, ADR 18). A customer's id answers like a missing one; the last administrator
 * cannot stop being one, or nobody could manage staff any more.
 */
export async function updateStaff(ctx: RequestCtx, id: number, body: z.output<typeof staffUpdateBody>): Promise<StaffView> {
  return withTransaction(ctx, async (tx) => {
    const administrators = await repo.lockAdministrators(tx.db);
    const row = await repo.findStaffRow(tx.db, id);
    if (!row) throw notFound();
    const before = toStaffView(row);
    if (before.role === "administrator" && body.role !== "administrator" && administrators <= 1) {
      throw new AppError("CONFLICT", "admin.staff.lastAdministrator");
    }
    await repo.updateUser(tx.db, id, { ...staffColumns(body), updated_at: new Date().toISOString() });
    const changed = await repo.findUserById(tx.db, id);
    if (!changed) throw notFound();
    const after = toStaffView(changed);
    await recordChange(tx, { entity: "user.staff", entityId: id, action: "staff.update", before, after });
    return after;
  });
}
