import { type AdminMemberCard, type AdminMemberCardInput, makePagination, type Paged } from "@shop/contracts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { cardById, cardCount, cardIdByBarcode, cardPage, insertCard, updateCard } from "./admin-member-cards.repository.ts";
import { findUserByEmail } from "./user.repository.ts";

export const MEMBER_CARD_ERRORS = {
  notFound: "error.notFound",
  barcodeTaken: "adminCatalog.error.barcodeTaken",
  noHolder: "adminCatalog.error.noSuchCustomer",
} as const;

type CardRow = NonNullable<Awaited<ReturnType<typeof cardById>>>;

const view = (row: CardRow): AdminMemberCard => ({
  id: row.id,
  barcode: row.barcode,
  holderEmail: row.email,
  holderName: [row.first_name, row.last_name].filter(Boolean).join(" "),
  issuedAt: row.issued_at,
  validUntil: row.valid_until,
  revokedAt: row.revoked_at,
});

async function found(ctx: RequestCtx, id: number): Promise<AdminMemberCard> {
  const row = await cardById(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", MEMBER_CARD_ERRORS.notFound);
  return view(row);
}

/** The holder by e-mail and a barcode no other card has; the instant in the one form the card check compares (UTC ISO). */
async function valuesOf(ctx: RequestCtx, input: AdminMemberCardInput, selfId: number | null) {
  const holder = await findUserByEmail(ctx.db, input.holderEmail);
  if (!holder) throw fieldError("holderEmail", MEMBER_CARD_ERRORS.noHolder);
  const other = await cardIdByBarcode(ctx.db, input.barcode);
  if (other !== undefined && other !== selfId) throw fieldError("barcode", MEMBER_CARD_ERRORS.barcodeTaken);
  return { barcode: input.barcode, user_id: holder.id, valid_until: input.validUntil ? new Date(input.validUntil).toISOString() : null };
}

const barcodeClash = (err: unknown): never => {
  if (isUniqueViolation(err)) throw fieldError("barcode", MEMBER_CARD_ERRORS.barcodeTaken);
  throw err;
};

export async function listCards(ctx: RequestCtx, body: { q?: string; page: number; limit: number }): Promise<Paged<AdminMemberCard>> {
  const [total, rows] = await Promise.all([cardCount(ctx.db, body.q), cardPage(ctx.db, body.q, (body.page - 1) * body.limit, body.limit)]);
  return { records: rows.map(view), pagination: makePagination(body.page, body.limit, total) };
}

export async function createCard(ctx: RequestCtx, input: AdminMemberCardInput): Promise<AdminMemberCard> {
  const values = await valuesOf(ctx, input, null);
  const id = await insertCard(ctx.db, { ...values, issued_at: new Date().toISOString() }).catch(barcodeClash);
  return found(ctx, id);
}

export async function changeCard(ctx: RequestCtx, id: number, input: AdminMemberCardInput): Promise<AdminMemberCard> {
  await found(ctx, id);
  await updateCard(ctx.db, id, await valuesOf(ctx, input, id)).catch(barcodeClash);
  return found(ctx, id);
}

/** Revoked for good (a new card gets a new row): the cart's next pricing drops the membership price. */
export async function revokeCard(ctx: RequestCtx, id: number): Promise<AdminMemberCard> {
  const card = await found(ctx, id);
  if (card.revokedAt === null) await updateCard(ctx.db, id, { revoked_at: new Date().toISOString() });
  return found(ctx, id);
}
