import { type ImageData, type Locale, type MediaView, mediaSizeDimensions } from "@shop/contracts";
import { useEffect, useId, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { MediaDropZone } from "../../media/media-drop-zone.tsx";
import { editorCall } from "../editor-calls.ts";
import { EditorModal } from "../editor-modal.tsx";
import type { FieldEditorProps } from "./field-props.ts";

/** The size a block shows a picked image at: wide enough for a hero or a column at 2x, never enlarged. */
const PICKED_SIZE = "LargeSize";
const PAGE_SIZE = 24;

/** What a block keeps of a library image: its URL at the picked size, the alt text and the pixel size it has there. */
export function imageOf(media: MediaView, alt: string): ImageData {
  const src = media.alternativePaths[PICKED_SIZE] ?? media.url ?? "";
  const box = media.width && media.height ? mediaSizeDimensions(PICKED_SIZE, { width: media.width, height: media.height }) : null;
  return { src, alt, ...(box ? { width: box.width, height: box.height } : {}) };
}

/** An image of a block: the chosen image and a button opening the media modal (SPEC §2 'media' and 'media upload'). */
export function ImageField({ id, label, value, onChange, locale }: FieldEditorProps<ImageData>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="editor-field image-field" id={id}>
      <legend>{label}</legend>
      {value?.src ? (
        <img className="image-field__preview" src={value.src} alt={value.alt} width={value.width} height={value.height} />
      ) : (
        <p>{t("admin.media.modal.none")}</p>
      )}
      <button type="button" className="button button--small" onClick={() => setOpen(true)}>
        {value?.src ? t("admin.media.modal.change") : t("admin.media.modal.choose")}
      </button>
      {open ? (
        <MediaModal
          locale={locale}
          current={value}
          onClose={() => setOpen(false)}
          onPick={(image) => {
            onChange(image);
            setOpen(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}

type Listing = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; records: MediaView[]; lastPage: number };

/** Browse, search, upload and pick an image of the library, with the alt text this page gives it. */
function MediaModal({
  locale,
  current,
  onClose,
  onPick,
}: {
  locale: Locale;
  current: ImageData | undefined;
  onClose: () => void;
  onPick: (image: ImageData) => void;
}) {
  const t = useT();
  const ids = useId();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  const [chosen, setChosen] = useState<MediaView | null>(null);
  const [alt, setAlt] = useState(current?.alt ?? "");

  useEffect(() => {
    let live = true;
    setListing({ kind: "loading" });
    void editorCall("media.filterStandard", locale, { body: { search: query, type: "image", page, limit: PAGE_SIZE } }).then((res) => {
      if (!live) return;
      setListing(
        res.ok
          ? { kind: "ready", records: res.data.records, lastPage: res.data.pagination.lastPage }
          : { kind: "failed", message: res.message },
      );
    });
    return () => {
      live = false;
    };
  }, [locale, query, page, reload]);

  const runSearch = () => {
    setPage(1);
    setQuery(search.trim());
  };

  const choose = (media: MediaView) => {
    setChosen(media);
    // The library's alt text in the page's language is where a new choice starts.
    setAlt(media.alt);
  };

  return (
    <EditorModal
      title={t("admin.media.modal.title")}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("admin.media.delete.cancel")}
          </button>
          <button type="button" className="button" disabled={!chosen} onClick={() => chosen && onPick(imageOf(chosen, alt.trim()))}>
            {t("admin.media.modal.use")}
          </button>
        </>
      }
    >
      <MediaDropZone
        onUploaded={(added) => {
          const first = added.find((m) => m.mime.startsWith("image/"));
          if (first) choose(first);
          setQuery("");
          setSearch("");
          setPage(1);
          setReload((n) => n + 1);
        }}
      />
      {/* No <form>: the field may sit inside the editor's own form; Enter in the box searches. */}
      <search className="image-field__search">
        <label htmlFor={`${ids}-search`}>{t("admin.media.filter.search")}</label>
        <input
          id={`${ids}-search`}
          type="search"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            runSearch();
          }}
        />
        <button type="button" className="button button--small" onClick={runSearch}>
          {t("admin.media.filter.submit")}
        </button>
      </search>
      <div aria-live="polite">
        {listing.kind === "loading" ? <p>{t("admin.media.modal.loading")}</p> : null}
        {listing.kind === "failed" ? <p className="notice notice--error">{listing.message || t("admin.media.modal.failed")}</p> : null}
        {listing.kind === "ready" && listing.records.length === 0 ? <p>{t("admin.media.empty")}</p> : null}
      </div>
      {listing.kind === "ready" && listing.records.length > 0 ? (
        <ul className="image-field__grid" aria-label={t("admin.media.listLabel")}>
          {listing.records.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="image-field__pick"
                aria-pressed={chosen?.id === m.id}
                aria-label={t("admin.media.modal.pick", { title: m.title })}
                onClick={() => choose(m)}
              >
                <img src={m.alternativePaths.ThumbnailSize} alt="" width={50} height={50} loading="lazy" />
                <span>{m.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {listing.kind === "ready" && listing.lastPage > 1 ? (
        <nav className="admin-pager" aria-label={t("admin.media.pager", { page, pages: listing.lastPage })}>
          <button type="button" className="button button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("admin.media.previous")}
          </button>
          <span>{t("admin.media.pager", { page, pages: listing.lastPage })}</span>
          <button type="button" className="button button--small" disabled={page >= listing.lastPage} onClick={() => setPage(page + 1)}>
            {t("admin.media.next")}
          </button>
        </nav>
      ) : null}
      {chosen ? (
        <div className="image-field__chosen">
          <img src={chosen.alternativePaths.ThumbnailSize} alt="" width={50} height={50} />
          <div className="field">
            <label htmlFor={`${ids}-alt`}>{t("admin.media.modal.altFor")}</label>
            <input
              id={`${ids}-alt`}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
              aria-describedby={`${ids}-alt-hint`}
            />
            <p className="field__hint" id={`${ids}-alt-hint`}>
              {t("admin.media.field.altHint")}
            </p>
          </div>
        </div>
      ) : null}
    </EditorModal>
  );
}
