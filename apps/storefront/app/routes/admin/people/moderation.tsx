import { type ModeratedComment, type ModeratedReview, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { MODERATION_STATES } from "@shop/contracts/schemas/admin-moderation.ts";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { pageParam } from "../../../features/admin/list-params.ts";
import { Pager } from "../../../features/admin/pager.tsx";
import { failureStatus, failureText, type PlatformFailure } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/moderation";
import { ModerationNav } from "./moderation-nav.tsx";
import { idParam } from "./people.server.ts";
import "../../../styles/forms.css";
import "../../../styles/admin-people.css";

type ModerationState = (typeof MODERATION_STATES)[number];
const DONE = new Set(["published", "saved", "unpublished", "deleted"]);
const KINDS = ["review", "comment"] as const;
type Kind = (typeof KINDS)[number];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const given = params.get("state");
  const state: ModerationState = MODERATION_STATES.find((s) => s === given) ?? "waiting";
  const [reviews, comments] = await Promise.all([
    adminCall(args, staff.platform, api.adminModeration.reviews, { body: { state, page: pageParam(params, "reviews"), limit: 20 } }),
    adminCall(args, staff.platform, api.adminModeration.comments, { body: { state, page: pageParam(params, "comments"), limit: 20 } }),
  ]);
  if (!reviews.ok) throw data(reviews.message, { status: failureStatus(reviews) });
  if (!comments.ok) throw data(comments.message, { status: failureStatus(comments) });
  const done = params.get("done");
  return { state, reviews: reviews.data, comments: comments.data, done: done && DONE.has(done) ? done : null };
}

interface ActionData {
  kind: Kind;
  id: number;
  error: string;
}

/**
 * One item's decision. Publishing, unpublishing and editing go through the SPEC update endpoints
 * (staff may set `published` and `content`); rejecting and deleting remove the item. A review's
 * rating goes back as it was: the update checks rating and text together.
 */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  const kindField = formText(form, "kind");
  const kind = KINDS.find((k) => k === kindField);
  const id = idParam(formText(form, "id"));
  if (!kind || id === null) throw data(null, { status: 400 });
  const content = formText(form, "content");
  const publishedBy: Record<string, boolean | undefined> = { publish: true, unpublish: false, save: undefined };
  let result: { ok: true } | PlatformFailure;
  if (intent === "delete") {
    result =
      kind === "review"
        ? await adminCall(args, staff.platform, api.adminModeration.deleteReview, { params: { id } })
        : await adminCall(args, staff.platform, api.adminModeration.deleteComment, { params: { id } });
  } else if (intent in publishedBy) {
    const published = publishedBy[intent];
    if (kind === "review") {
      const rating = formText(form, "rating");
      result = await adminCall(args, staff.platform, api.reviews.updateReview, {
        params: { id },
        body: { rating: rating ? Number(rating) : null, content, ...(published === undefined ? {} : { published }) },
      });
    } else {
      result = await adminCall(args, staff.platform, api.comments.updateComment, {
        params: { id },
        body: { content, ...(published === undefined ? {} : { published }) },
      });
    }
  } else {
    throw data(null, { status: 400 });
  }
  if (!result.ok) return data<ActionData>({ kind, id, error: failureText(result, t, { field: true }) }, { status: failureStatus(result) });
  const back = new URL(args.request.url).searchParams;
  back.set("done", intent === "delete" ? "deleted" : intent === "save" ? "saved" : `${intent}ed`);
  throw redirect(`${SYSTEM_ROUTES.adminModeration}?${back}`);
}

function listLink(state: ModerationState, pages: { reviews: number; comments: number }): string {
  const params = new URLSearchParams({ state });
  if (pages.reviews > 1) params.set("reviews", String(pages.reviews));
  if (pages.comments > 1) params.set("comments", String(pages.comments));
  return `${SYSTEM_ROUTES.adminModeration}?${params}`;
}

export default function ModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { state, reviews, comments } = loaderData;
  const pages = { reviews: reviews.pagination.page, comments: comments.pagination.page };
  const errorOf = (kind: Kind, id: number) => (actionData && actionData.kind === kind && actionData.id === id ? actionData.error : null);
  return (
    <AdminPage heading={t("admin.nav.moderation")}>
      <ModerationNav />
      {loaderData.done ? <Notice kind="success">{t(`admin.moderation.done.${loaderData.done}`)}</Notice> : null}
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="moderation-state">{t("admin.moderation.show")}</label>
          <select id="moderation-state" name="state" defaultValue={state}>
            {MODERATION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.moderation.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t("admin.moderation.apply")}
        </button>
      </Form>

      <h2 id="reviews-heading">{t("admin.moderation.reviews", { count: reviews.pagination.total })}</h2>
      {reviews.records.length === 0 ? (
        <p>{t(`admin.moderation.empty.${state}`)}</p>
      ) : (
        <ul className="admin-moderation" aria-labelledby="reviews-heading">
          {reviews.records.map((r) => (
            <li key={r.id} className="admin-card">
              <Item kind="review" item={r} error={errorOf("review", r.id)} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        of={t("admin.moderation.reviewsPlain")}
        page={reviews.pagination.page}
        lastPage={reviews.pagination.lastPage}
        href={(p) => listLink(state, { ...pages, reviews: p })}
      />

      <h2 id="comments-heading">{t("admin.moderation.comments", { count: comments.pagination.total })}</h2>
      {comments.records.length === 0 ? (
        <p>{t(`admin.moderation.empty.${state}`)}</p>
      ) : (
        <ul className="admin-moderation" aria-labelledby="comments-heading">
          {comments.records.map((c) => (
            <li key={c.id} className="admin-card">
              <Item kind="comment" item={c} error={errorOf("comment", c.id)} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        of={t("admin.moderation.commentsPlain")}
        page={comments.pagination.page}
        lastPage={comments.pagination.lastPage}
        href={(p) => listLink(state, { ...pages, comments: p })}
      />
    </AdminPage>
  );
}

type ItemProps =
  | { kind: "review"; item: ModeratedReview; error: string | null }
  | { kind: "comment"; item: ModeratedComment; error: string | null };

/** One review or comment: what it is about, who wrote it, its text to edit, and the decisions. */
function Item({ kind, item, error }: ItemProps) {
  const t = useT();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Zagreb" });
  const about = kind === "review" ? item.product.name : item.post.title;
  const textId = `${kind}-${item.id}-content`;
  const headingId = `${kind}-${item.id}-heading`;
  return (
    <article aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-card__title">
        <span>{about}</span>
        <span className={`admin-badge admin-badge--${item.published ? "published" : "waiting"}`}>
          {t(item.published ? "admin.moderation.isPublished" : "admin.moderation.isWaiting")}
        </span>
      </h3>
      <p className="admin-moderation__meta">
        {item.author.name} · {item.author.email} · <time dateTime={item.createdAt}>{time.format(new Date(item.createdAt))}</time>
        {kind === "review" && item.rating !== null ? ` · ${t("admin.moderation.rating", { rating: item.rating })}` : null}
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Form method="post" className="form">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={item.id} />
        {kind === "review" ? <input type="hidden" name="rating" value={item.rating ?? ""} /> : null}
        <div className="field">
          <label htmlFor={textId}>{t("admin.moderation.text")}</label>
          <textarea id={textId} name="content" rows={3} defaultValue={item.content} />
        </div>
        <div className="admin-actions">
          {item.published ? (
            <button type="submit" name="intent" value="unpublish" className="button button--small button--ghost">
              {t("admin.moderation.unpublish")}
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" className="button button--small">
              {t("admin.moderation.publish")}
            </button>
          )}
          <button type="submit" name="intent" value="save" className="button button--small button--ghost">
            {t("admin.moderation.save")}
          </button>
          <button type="submit" name="intent" value="delete" className="button button--small button--danger">
            {t(item.published ? "admin.moderation.delete" : "admin.moderation.reject")}
          </button>
        </div>
      </Form>
    </article>
  );
}
