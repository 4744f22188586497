import { type AccountExport, makePagination, type WishlistItem, type WishlistPage, type WishlistToggleAnswer } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { AuthUser, RequestCtx } from "../../http/context.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { loadProductCards } from "../catalog/index.ts";
import { addItem, allItemsOf, countItems, deleteAllOf, isWishableProduct, pageItems, removeItem } from "./wishlist.repository.ts";

/** Wishlist changes per user in a minute: plenty for clicking hearts, little for a script. */
const WRITE_LIMIT = { perUser: 60, windowS: 60 } as const;

const ADDED: WishlistToggleAnswer = { wishlisted: true, message: "addedToWishlist" };
const REMOVED: WishlistToggleAnswer = { wishlisted: false, message: "removedFromWishlist" };

async function add(ctx: RequestCtx, user: AuthUser, productId: number): Promise<WishlistToggleAnswer> {
  if (!(await isWishableProduct(ctx.db, productId))) throw new AppError("NOT_FOUND", "error.notFound");
  await addItem(ctx.db, user.id, productId);
  return ADDED;
}

/** Adds a product to the caller's wishlist; adding it again changes nothing (SPEC §7 wishlist/create). */
export async function createItem(ctx: RequestCtx, user: AuthUser, productId: number): Promise<WishlistToggleAnswer> {
  await enforceLimit(ctx, `wishlist:user:${user.id}`, WRITE_LIMIT.perUser, WRITE_LIMIT.windowS);
  return add(ctx, user, productId);
}

/**
 * SPEC §4 Wishlist toggle: removed when it was there, else added. Removing first keeps it one step
 * that cannot half-happen; a product that is no longer sold can still be removed, never added.
 */
export async function toggleItem(ctx: RequestCtx, user: AuthUser, productId: number): Promise<WishlistToggleAnswer> {
  await enforceLimit(ctx, `wishlist:user:${user.id}`, WRITE_LIMIT.perUser, WRITE_LIMIT.windowS);
  if (await removeItem(ctx.db, user.id, productId)) return REMOVED;
  return add(ctx, user, productId);
}

/** Removes a product (by product id) from the caller's wishlist; removing one that is not there is no error. */
export async function deleteItem(ctx: RequestCtx, user: AuthUser, productId: number): Promise<WishlistToggleAnswer> {
  await enforceLimit(ctx, `wishlist:user:${user.id}`, WRITE_LIMIT.perUser, WRITE_LIMIT.windowS);
  await removeItem(ctx.db, user.id, productId);
  return REMOVED;
}

/** The caller's own wishlist, newest first, each item with its product card. */
export async function filterItems(ctx: RequestCtx, user: AuthUser, query: { page: number; limit: number }): Promise<WishlistPage> {
  const [total, rows] = await Promise.all([
    countItems(ctx.db, user.id),
    pageItems(ctx.db, user.id, (query.page - 1) * query.limit, query.limit),
  ]);
  // Archived products keep their card (marked archived): the customer sees what is gone.
  const cards = await loadProductCards(
    ctx,
    rows.map((r) => r.product_id),
  );
  const records = rows.flatMap((r): WishlistItem[] => {
    const product = cards.get(r.product_id);
    return product ? [{ id: r.id, product_id: r.product_id, product }] : [];
  });
  return { records, pagination: makePagination(query.page, query.limit, total) };
}

export async function exportWishlist(ctx: RequestCtx, userId: number): Promise<AccountExport["wishlist"]> {
  const rows = await allItemsOf(ctx.db, userId);
  return rows.map((r) => ({ productId: r.product_id, addedAt: r.created_at }));
}

export async function forgetWishlist(ctx: RequestCtx, userId: number): Promise<void> {
  await withTransaction(ctx, (tx) => deleteAllOf(tx.db, userId));
}
