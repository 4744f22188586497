import { type EditablePage, type Locale, type RevisionSummary, type RevisionView, V } from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { parseStoredComponents, resolveComponents } from "./content-rules.ts";
import * as draftsRepo from "./drafts.repository.ts";
import { editablePage, makeLive } from "./drafts.service.ts";
import { assertNotLockedByOther } from "./locks.service.ts";
import * as repo from "./revisions.repository.ts";

/* Revisions (issue 13, ADR 25): every publish keeps what it made live; a restore publishes one again. */

const notFound = () => new AppError("NOT_FOUND", "error.notFound");

type SummaryRow = Awaited<ReturnType<typeof repo.revisionsOf>>[number];

function summary(r: SummaryRow): RevisionSummary {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    slug: r.slug,
    authorName: r.author_name,
    createdAt: r.created_at,
    restoredFrom: r.restored_from,
  };
}

/** GET editor/page/:id/revisions: the request language's revisions, newest first. */
export async function revisions(ctx: RequestCtx, postId: number): Promise<{ records: RevisionSummary[] }> {
  if (!(await draftsRepo.findPostRow(ctx.db, postId))) throw notFound();
  return { records: (await repo.revisionsOf(ctx.db, postId, ctx.locale)).map(summary) };
}

/** GET editor/revision/:id: one revision with its components (masters as they are now), for a preview. */
export async function revision(ctx: RequestCtx, id: number): Promise<RevisionView> {
  const row = await repo.findRevision(ctx.db, id);
  if (!row) throw notFound();
  const language = row.language_code as Locale;
  const [components = []] = await resolveComponents({ ...ctx, locale: language }, ctx.db, [parseStoredComponents(row.components)]);
  return { ...summary(row), language, pageId: row.post_id, components };
}

/**
 * POST editor/revision/:id/restore: the revision's content is published again as a new revision
 * (`restoredFrom` set) and the draft of its language is thrown away. Refused while another editor
 * holds the page's lock in that language, or when its slug now belongs to another page.
 */
export async function restore(ctx: RequestCtx, id: number): Promise<EditablePage> {
  return withTransaction(ctx, async (tx) => {
    const row = await repo.findRevision(tx.db, id);
    if (!row) throw notFound();
    const language = row.language_code as Locale;
    const post = await draftsRepo.findPostRow(tx.db, row.post_id);
    if (!post) throw notFound();
    await assertNotLockedByOther(tx, row.post_id, language);
    if (await draftsRepo.slugTakenByOther(tx.db, language, row.slug, row.post_id)) {
      throw new AppError("CONFLICT", "error.cms.slugTaken", { fields: [{ path: "slug", key: V.invalid }] });
    }
    await draftsRepo.deleteDraft(tx.db, row.post_id, language);
    await makeLive(tx, post.post_type, row.post_id, language, { slug: row.slug, title: row.title, components: row.components }, row.id);
    return editablePage({ ...tx, locale: language }, row.post_id, language);
  });
}
