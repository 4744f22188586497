import {
  LOCALES,
  MEDIA_KINDS,
  type MediaDetail,
  type MediaKind,
  type MediaUsage,
  type MediaView,
  mediaFilterBody,
  SYSTEM_ROUTES,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { readUploadOutcome } from "../../../features/admin/media-upload-outcome.ts";
import { useHydrated } from "../../../features/cart/cart-form-fields.tsx";
import { EditorModal } from "../../../features/editor/editor-modal.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { FocalPointPicker } from "../../../features/media/focal-point-picker.tsx";
import { MediaDropZone, UploadResult } from "../../../features/media/media-drop-zone.tsx";
import { ACCEPTED_FILES } from "../../../features/media/upload-files.ts";
import { useT } from "../../../ui/i18n.tsx";
import { useReload } from "../../../ui/use-reload.ts";
import type { Route } from "./+types/media";
import "../../../styles/admin-media.css";

const LIMIT = 24;

interface ListFilters {
  search: string;
  type?: MediaKind;
  page: number;
}

/** The list's address with these filters (the page's own links keep them). */
function listPath(filters: ListFilters): string {
  const q = new URLSearchParams();
  if (filters.search) q.set("q", filters.search);
  if (filters.type) q.set("type", filters.type);
  if (filters.page > 1) q.set("page", String(filters.page));
  const query = q.toString();
  return query ? `${SYSTEM_ROUTES.adminMedia}?${query}` : SYSTEM_ROUTES.adminMedia;
}

/** The id of a file's 'edit' button, where focus goes back when its modal closes. */
const openerId = (id: number) => `media-open-${id}`;

/** SPEC §2 media library: the files, searchable and filtered by type, with the 'edit media' modal and a delete that names where a file is used. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "content");
  const url = new URL(args.request.url);
  const params = url.searchParams;
  const parsed = mediaFilterBody.safeParse({
    search: params.get("q") ?? "",
    type: (MEDIA_KINDS as readonly string[]).includes(params.get("type") ?? "") ? params.get("type") : undefined,
    page: params.get("page") ?? undefined,
    limit: LIMIT,
  });
  const filters = parsed.success ? parsed.data : mediaFilterBody.parse({ limit: LIMIT });
  const list = await adminCall(args, staff.platform, api.media.filterStandard, { body: filters });
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });

  const idOf = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const editId = idOf("edit") ?? idOf("delete");
  let editing: MediaDetail | null = null;
  let usage: MediaUsage[] = [];
  let usageLines: string[] = [];
  if (editId) {
    const found = await adminCall(args, staff.platform, api.media.get, { params: { id: editId } });
    if (found.ok) {
      editing = found.data;
      const used = await adminCall(args, staff.platform, api.media.usage, { params: { id: editId } });
      usage = used.ok ? used.data.records : [];
      const t = translator(staff.locale);
      usageLines = usage.map((u) => t(`media.usage.${u.kind}`, { id: u.id, title: u.title || `#${u.id}`, language: u.language ?? "" }));
    }
  }
  const outcome = readUploadOutcome(url);
  const t = translator(staff.locale);
  return {
    ...list.data,
    filters: { search: filters.search, type: filters.type, page: filters.page },
    editing,
    usageLines,
    confirmDelete: idOf("delete") !== null && editing !== null,
    done: params.get("done"),
    outcome: outcome
      ? {
          added: outcome.added,
          error: outcome.error,
          refused: outcome.refused.map((r) => ({ name: r.name, message: t(`media.refused.${r.code}`, { maxMb: 20 }) })),
        }
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const back = String(form.get("back") ?? SYSTEM_ROUTES.adminMedia);
  const backTo = (extra: Record<string, string>) => {
    const url = new URL(back.startsWith(SYSTEM_ROUTES.adminMedia) ? back : SYSTEM_ROUTES.adminMedia, "http://x");
    for (const k of ["edit", "delete", "done", "added", "refused", "uploadError"]) url.searchParams.delete(k);
    for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
    return `${url.pathname}${url.search}`;
  };
  if (form.get("intent") === "delete") {
    const res = await adminCall(args, staff.platform, api.media.delete, {
      params: { id },
      query: { force: form.get("force") === "1" ? "1" : "0" },
    });
    if (!res.ok) return { error: res.message, fields: res.error.payload.fields?.map((f) => f.message) ?? [] };
    throw redirect(backTo({ done: "deleted" }));
  }
  const text = (name: string) => String(form.get(name) ?? "");
  const res = await adminCall(args, staff.platform, api.media.update, {
    params: { id },
    body: {
      translations: Object.fromEntries(
        LOCALES.map((l) => [l, { title: text(`title.${l}`), description: text(`description.${l}`), alt: text(`alt.${l}`) }]),
      ),
      focalPoint: { x: Math.round(Number(form.get("focalX"))), y: Math.round(Number(form.get("focalY"))) },
      access: form.get("access") === "private" ? "private" : "public",
    },
  });
  if (!res.ok) return { error: res.message, fields: res.error.payload.fields?.map((f) => `${f.path}: ${f.message}`) ?? [] };
  throw redirect(backTo({ edit: String(id), done: "saved" }));
}

export default function MediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const reload = useReload();
  const location = useLocation();
  const navigate = useNavigate();
  const { records, pagination, filters, editing, outcome, done } = loaderData;
  const here = listPath(filters);
  // The modal is open while the address says ?edit= (or ?delete=); a close hides it at once, while the list's address loads.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const shownId = editing && closedAt !== location.key ? editing.id : null;
  const lastShown = useRef<number | null>(null);
  useEffect(() => {
    const was = lastShown.current;
    lastShown.current = shownId;
    // Closed, or its file deleted: focus returns to the file's button, or to the page when the file is gone.
    if (was !== null && shownId === null) (document.getElementById(openerId(was)) ?? document.getElementById("main"))?.focus();
  }, [shownId]);
  const close = () => {
    setClosedAt(location.key);
    void navigate(here, { preventScrollReset: true });
  };
  return (
    <AdminPage heading={t("admin.media.heading")}>
      {done === "deleted" ? (
        <p className="notice notice--success" role="status">
          {t("admin.media.done.deleted")}
        </p>
      ) : null}
      {outcome ? (
        <div role="status">
          {outcome.error ? <p className="notice notice--error">{outcome.error}</p> : null}
          <UploadResult added={outcome.added} refused={outcome.refused} />
        </div>
      ) : null}

      <section className="admin-card" aria-labelledby="media-upload">
        <h2 id="media-upload">{t("admin.media.upload.heading")}</h2>
        <form id="media-upload-form" method="post" action={SYSTEM_ROUTES.adminMediaUpload} encType="multipart/form-data">
          <MediaDropZone formId="media-upload-form" onUploaded={reload} />
          {hydrated ? null : (
            <button type="submit" className="button button--small">
              {t("admin.media.upload.send")}
            </button>
          )}
        </form>
      </section>

      {editing && shownId !== null ? (
        <MediaModal
          media={editing}
          back={here}
          onClose={close}
          usageLines={loaderData.usageLines}
          confirmDelete={loaderData.confirmDelete}
          saved={done === "saved"}
          error={actionData ?? null}
        />
      ) : null}

      <Form method="get" className="admin-filters" aria-label={t("admin.media.filter.label")}>
        <div className="field">
          <label htmlFor="media-search">{t("admin.media.filter.search")}</label>
          <input id="media-search" type="search" name="q" defaultValue={filters.search} maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor="media-type">{t("admin.media.filter.type")}</label>
          <select id="media-type" name="type" defaultValue={filters.type ?? ""}>
            <option value="">{t("admin.media.filter.all")}</option>
            <option value="image">{t("admin.media.filter.image")}</option>
            <option value="document">{t("admin.media.filter.document")}</option>
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t("admin.media.filter.submit")}
        </button>
      </Form>

      <p>{t("admin.media.count", { count: pagination.total })}</p>
      {records.length === 0 ? (
        <p>{t("admin.media.empty")}</p>
      ) : (
        <ul className="media-grid" aria-label={t("admin.media.listLabel")}>
          {records.map((m) => (
            <MediaTile key={m.id} media={m} filters={filters} />
          ))}
        </ul>
      )}
      <nav className="admin-pager" aria-label={t("admin.media.pager", { page: pagination.page, pages: Math.max(pagination.lastPage, 1) })}>
        {pagination.page > 1 ? <Link to={listPath({ ...filters, page: pagination.page - 1 })}>{t("admin.media.previous")}</Link> : null}
        <span>{t("admin.media.pager", { page: pagination.page, pages: Math.max(pagination.lastPage, 1) })}</span>
        {pagination.page < pagination.lastPage ? (
          <Link to={listPath({ ...filters, page: pagination.page + 1 })}>{t("admin.media.next")}</Link>
        ) : null}
      </nav>
    </AdminPage>
  );
}

function MediaTile({ media, filters }: { media: MediaView; filters: ListFilters }) {
  const t = useT();
  const thumb = media.mime.startsWith("image/") ? media.alternativePaths.ThumbnailSize : undefined;
  return (
    <li className="media-tile">
      {thumb ? (
        <img src={thumb} alt="" width={50} height={50} loading="lazy" className="media-tile__thumb" />
      ) : (
        <span className="media-tile__thumb media-tile__thumb--doc" aria-hidden="true">
          {media.extension.toUpperCase()}
        </span>
      )}
      <span className="media-tile__text">
        <strong className="media-tile__title">{media.title}</strong>
        <span className="media-tile__meta">
          {media.extension.toUpperCase()} · {Math.max(1, Math.round(media.size / 1024))} kB
          {media.width ? ` · ${media.width}×${media.height}` : ""}
          {media.access === "private" ? ` · ${t("admin.media.access.private")}` : ""}
        </span>
        {media.mime.startsWith("image/") && !media.alt ? <span className="media-tile__warn">{t("admin.media.noAlt")}</span> : null}
      </span>
      {/* A form asking for the list's address with ?edit=: the modal opens from the address, so without JavaScript too. */}
      <Form method="get" action={SYSTEM_ROUTES.adminMedia} preventScrollReset>
        {filters.search ? <input type="hidden" name="q" value={filters.search} /> : null}
        {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
        {filters.page > 1 ? <input type="hidden" name="page" value={filters.page} /> : null}
        <button
          type="submit"
          name="edit"
          value={media.id}
          id={openerId(media.id)}
          className="button button--small"
          aria-haspopup="dialog"
          aria-label={t("admin.media.editNamed", { title: media.title })}
        >
          {t("admin.media.edit")}
        </button>
      </Form>
    </li>
  );
}

const LANGUAGE_NAMES = { hr: "admin.media.language.hr", en: "admin.media.language.en", de: "admin.media.language.de" } as const;

/**
 * SPEC §2 'edit media' modal: texts per language, focal point and access (one form, saved from the
 * footer), replace keeping the id, and a delete that first names every place the file is shown.
 */
function MediaModal({
  media,
  back,
  onClose,
  usageLines,
  confirmDelete,
  saved,
  error,
}: {
  media: MediaDetail;
  back: string;
  onClose: () => void;
  usageLines: string[];
  confirmDelete: boolean;
  saved: boolean;
  error: { error: string; fields: string[] } | null;
}) {
  const t = useT();
  const [focus, setFocus] = useState(media.focalPoint);
  const preview = media.mime.startsWith("image/") ? media.alternativePaths.LargeSize : undefined;
  const withBack = (extra: Record<string, string>) => {
    const url = new URL(back, "http://x");
    for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
    return `${url.pathname}${url.search}`;
  };
  // The delete's question replaces its button and back: focus follows, so it is not lost in the modal.
  const deleteStart = useRef<HTMLAnchorElement>(null);
  const warning = useRef<HTMLDivElement>(null);
  const wasConfirming = useRef(confirmDelete);
  useEffect(() => {
    if (confirmDelete !== wasConfirming.current) (confirmDelete ? warning : deleteStart).current?.focus();
    wasConfirming.current = confirmDelete;
  }, [confirmDelete]);
  const formId = `media-edit-${media.id}`;
  const footer = (
    <>
      <button type="submit" form={formId} className="button">
        {t("admin.media.save")}
      </button>
      {/* A link to the list, which is the way out without JavaScript. */}
      <Link
        to={back}
        preventScrollReset
        className="button button--ghost"
        onClick={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        {t("admin.media.close")}
      </Link>
    </>
  );
  return (
    <EditorModal title={t("admin.media.editHeading", { title: media.title })} onClose={onClose} size="large" footer={footer} openOnServer>
      <div className="media-editor">
        {saved ? (
          <p className="notice notice--success" role="status">
            {t("admin.media.done.saved")}
          </p>
        ) : null}
        {error ? (
          <div className="notice notice--error" role="alert">
            <div className="notice__text">
              <p>{error.error}</p>
              {error.fields.length ? (
                <ul>
                  {error.fields.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        ) : null}
        <p className="media-editor__facts">
          {media.originalName} · {media.mime} · {Math.max(1, Math.round(media.size / 1024))} kB
          {media.width ? ` · ${media.width}×${media.height}` : ""} · {t("admin.media.version", { version: media.version })}
        </p>
        {/* A document's public address, to download it or to copy it into a page's link. */}
        {media.url && !media.mime.startsWith("image/") ? (
          <p>
            <a href={media.url} download>
              {t("admin.media.download")}
            </a>
          </p>
        ) : null}
        <Form method="post" id={formId} className="media-editor__form" preventScrollReset>
          <input type="hidden" name="id" value={media.id} />
          <input type="hidden" name="back" value={back} />
          <div className="media-editor__languages">
            {media.translations.map((tr) => (
              <fieldset key={tr.language} className="media-editor__language" lang={tr.language}>
                <legend>{t(LANGUAGE_NAMES[tr.language])}</legend>
                <div className="field">
                  <label htmlFor={`title-${tr.language}`}>{t("admin.media.field.title")}</label>
                  <input id={`title-${tr.language}`} name={`title.${tr.language}`} defaultValue={tr.title} maxLength={200} />
                </div>
                <div className="field">
                  <label htmlFor={`alt-${tr.language}`}>{t("admin.media.field.alt")}</label>
                  <input
                    id={`alt-${tr.language}`}
                    name={`alt.${tr.language}`}
                    defaultValue={tr.alt}
                    maxLength={500}
                    aria-describedby="media-alt-hint"
                  />
                </div>
                <div className="field">
                  <label htmlFor={`description-${tr.language}`}>{t("admin.media.field.description")}</label>
                  <textarea
                    id={`description-${tr.language}`}
                    name={`description.${tr.language}`}
                    defaultValue={tr.description}
                    maxLength={2000}
                    rows={2}
                  />
                </div>
              </fieldset>
            ))}
          </div>
          <p className="field__hint" id="media-alt-hint">
            {t("admin.media.field.altHint")}
          </p>
          {preview ? (
            <fieldset className="media-editor__focus">
              <legend>{t("admin.media.focal.legend")}</legend>
              <p className="field__hint">{t("admin.media.focal.hint")}</p>
              <FocalPointPicker src={preview} value={focus} onChange={setFocus} />
              <div className="media-editor__focus-inputs">
                <div className="field">
                  <label htmlFor="focal-x">{t("admin.media.focal.x")}</label>
                  <input
                    id="focal-x"
                    name="focalX"
                    type="number"
                    min={0}
                    max={100}
                    value={focus.x}
                    onChange={(e) => setFocus({ ...focus, x: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="focal-y">{t("admin.media.focal.y")}</label>
                  <input
                    id="focal-y"
                    name="focalY"
                    type="number"
                    min={0}
                    max={100}
                    value={focus.y}
                    onChange={(e) => setFocus({ ...focus, y: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })}
                  />
                </div>
              </div>
            </fieldset>
          ) : (
            <>
              <input type="hidden" name="focalX" value={focus.x} />
              <input type="hidden" name="focalY" value={focus.y} />
            </>
          )}
          <div className="field">
            <label htmlFor="media-access">{t("admin.media.access.label")}</label>
            <select id="media-access" name="access" defaultValue={media.access}>
              <option value="public">{t("admin.media.access.public")}</option>
              <option value="private">{t("admin.media.access.private")}</option>
            </select>
          </div>
        </Form>

        <form
          className="media-editor__replace"
          method="post"
          action={`${SYSTEM_ROUTES.adminMediaUpload}?replace=${media.id}`}
          encType="multipart/form-data"
        >
          <div className="field">
            <label htmlFor="media-replace">{t("admin.media.replace.label")}</label>
            <p className="field__hint" id="media-replace-hint">
              {t("admin.media.replace.hint")}
            </p>
            <input id="media-replace" type="file" name="file" accept={ACCEPTED_FILES} required aria-describedby="media-replace-hint" />
          </div>
          <button type="submit" className="button button--small">
            {t("admin.media.replace.submit")}
          </button>
        </form>

        <div className="media-editor__delete">
          {confirmDelete ? (
            <div className="notice notice--error" role="alert" ref={warning} tabIndex={-1}>
              <div className="notice__text">
                {usageLines.length > 0 ? (
                  <>
                    <p>{t("admin.media.delete.used", { count: usageLines.length })}</p>
                    <ul className="media-editor__usage">
                      {usageLines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p>{t("admin.media.delete.unused")}</p>
                )}
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={media.id} />
                  <input type="hidden" name="back" value={back} />
                  <input type="hidden" name="force" value={usageLines.length > 0 ? "1" : "0"} />
                  <button type="submit" className="button button--small button--danger">
                    {usageLines.length > 0 ? t("admin.media.delete.anyway") : t("admin.media.delete.confirm")}
                  </button>{" "}
                  <Link to={withBack({ edit: String(media.id) })} preventScrollReset replace>
                    {t("admin.media.delete.cancel")}
                  </Link>
                </Form>
              </div>
            </div>
          ) : (
            <Link
              ref={deleteStart}
              to={withBack({ delete: String(media.id) })}
              preventScrollReset
              replace
              className="button button--small button--danger"
            >
              {t("admin.media.delete.start")}
            </Link>
          )}
        </div>
      </div>
    </EditorModal>
  );
}
