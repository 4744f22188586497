import { type AccountExport, type CustomerRow, makePagination, type Paged } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";
import { countCustomers, findUserById, pageCustomers } from "./user.repository.ts";
import { eraseAccount, exportAccountOf } from "./user.service.ts";

export async function customersPage(ctx: RequestCtx, body: { q?: string; page: number; limit: number }): Promise<Paged<CustomerRow>> {
  const [total, rows] = await Promise.all([
    countCustomers(ctx.db, body.q),
    pageCustomers(ctx.db, body.q, (body.page - 1) * body.limit, body.limit),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      language: r.language,
      emailVerified: r.email_verified_at !== null,
      createdAt: r.created_at,
    })),
    pagination: makePagination(body.page, body.limit, total),
  };
}

/** A customer's account; a staff account, like a missing one, is not found. */
async function customerById(ctx: RequestCtx, id: number) {
  const user = await findUserById(ctx.db, id);
  if (!user || user.is_backoffice) throw new AppError("NOT_FOUND", "error.notFound");
  return user;
}

export async function customerData(ctx: RequestCtx, id: number): Promise<AccountExport> {
  await customerById(ctx, id);
  return exportAccountOf(ctx, id);
}

/** An administrator erases a customer at their request; the audit keeps who and when, not what was erased. */
export async function eraseCustomer(ctx: RequestCtx, id: number): Promise<void> {
  const user = await customerById(ctx, id);
  await withTransaction(ctx, async (tx) => {
    await eraseAccount(tx, user);
    await recordChange(tx, { entity: "customer", entityId: id, action: "erase" });
  });
}
