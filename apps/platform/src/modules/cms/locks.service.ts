import { EDIT_LOCK, type EditorLock, type Locale } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { recordChange } from "../audit/index.ts";
import * as draftsRepo from "./drafts.repository.ts";
import * as repo from "./locks.repository.ts";

/*
 * Edit locks (SPEC §2 edit mode, ADR 25): one editor per page and language. The editor beats every
 * EDIT_LOCK.heartbeatSeconds; a lock not renewed for EDIT_LOCK.ttlSeconds is free for anyone. A
 * take-over replaces a live lock, and the previous holder's next beat or save is told who took it.
 */

/** The calling staff member (every editing endpoint is staff-only, so there is one). */
export async function editor(ctx: RequestCtx): Promise<{ id: number; name: string }> {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "error.unauthorized");
  return { id: ctx.user.id, name: await draftsRepo.staffName(ctx.db, ctx.user.id) };
}

type LockRow = NonNullable<Awaited<ReturnType<typeof repo.lockOf>>>;

/** The live lock as the caller sees it; null when there is none (or it ran out). */
export function lockView(row: LockRow | undefined, userId: number, now = new Date().toISOString()): EditorLock | null {
  if (!row || row.expires_at <= now) return null;
  return { holderId: row.user_id, holderName: row.user_name, expiresAt: row.expires_at, mine: row.user_id === userId };
}

/** 423 naming the editor who holds the lock: "taken over" to the one it was taken from. */
function lockedBy(row: LockRow | undefined, userId: number): AppError {
  const name = row?.user_name ?? "";
  return row?.taken_from_id === userId
    ? new AppError("LOCKED", "error.editor.takenOver", { params: { name } })
    : new AppError("LOCKED", "error.editor.locked", { params: { name } });
}

/**
 * Takes or renews the caller's lock in the caller's transaction, or refuses with 423 naming the
 * holder. A save takes a free lock on the way (no one else is editing); `takeOver` takes a held one.
 */
export async function holdLock(ctx: RequestCtx, postId: number, language: Locale, takeOver = false): Promise<LockRow> {
  const me = await editor(ctx);
  const now = new Date();
  const claimed = await repo.claimLock(ctx.db, postId, language, {
    userId: me.id,
    userName: me.name,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + EDIT_LOCK.ttlSeconds * 1000).toISOString(),
    takeOver,
  });
  if (!claimed) throw lockedBy(await repo.lockOf(ctx.db, postId, language), me.id);
  return claimed;
}

/** Refuses (423) when another editor holds a live lock; a free or own lock lets the change through. */
export async function assertNotLockedByOther(ctx: RequestCtx, postId: number, language: Locale): Promise<void> {
  const me = await editor(ctx);
  const row = await repo.lockOf(ctx.db, postId, language);
  const live = lockView(row, me.id);
  if (live && !live.mine) throw lockedBy(row, me.id);
}

async function assertPage(ctx: RequestCtx, postId: number): Promise<void> {
  if (!(await draftsRepo.findPostRow(ctx.db, postId))) throw new AppError("NOT_FOUND", "error.notFound");
}

/** POST editor/page/:id/lock: take, renew or take over the lock of the request language. */
export async function lock(ctx: RequestCtx, postId: number, takeOver: boolean): Promise<EditorLock> {
  return withTransaction(ctx, async (tx) => {
    await assertPage(tx, postId);
    const row = await holdLock(tx, postId, tx.locale, takeOver);
    // A heartbeat is no change worth a line of the audit log; taking a page from another editor is.
    if (takeOver && row.taken_from_id !== null) {
      await recordChange(tx, {
        entity: "page.editLock",
        entityId: postId,
        action: "takeOver",
        before: { holderId: row.taken_from_id },
        after: { holderId: row.user_id, language: tx.locale },
      });
    }
    return { holderId: row.user_id, holderName: row.user_name, expiresAt: row.expires_at, mine: true };
  });
}

/** DELETE editor/page/:id/lock: lets go of the caller's own lock only. */
export async function unlock(ctx: RequestCtx, postId: number): Promise<{ released: boolean }> {
  const me = await editor(ctx);
  return { released: await repo.releaseLock(ctx.db, postId, ctx.locale, me.id) };
}
