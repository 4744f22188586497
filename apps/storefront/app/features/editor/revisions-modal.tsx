import type { EditablePage, Locale, RevisionSummary, RevisionView } from "@shop/contracts";
import { useEffect, useState } from "react";
import { useT } from "../../ui/i18n.tsx";
import { editorCall } from "./editor-calls.ts";
import { EditorModal } from "./editor-modal.tsx";
import { PreviewBlocks } from "./preview-blocks.tsx";

function when(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * The page's revisions in this language (issue 13): who published each and when, a preview of its
 * content, and restore (with a confirmation), which publishes it again as a new revision.
 */
export function RevisionsModal({
  pageId,
  locale,
  onClose,
  onRestored,
}: {
  pageId: number;
  locale: Locale;
  onClose: () => void;
  onRestored: (page: EditablePage) => void;
}) {
  const t = useT();
  const [records, setRecords] = useState<RevisionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<RevisionView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void editorCall("pageEditor.revisions", locale, { params: { id: pageId } }).then((result) => {
      if (result.ok) setRecords(result.data.records);
      else setError(result.message);
    });
  }, [pageId, locale]);

  const open = async (id: number) => {
    setConfirming(false);
    const result = await editorCall("pageEditor.revision", locale, { params: { id } });
    if (result.ok) setPreview(result.data);
    else setError(result.message);
  };

  const restore = async () => {
    if (!preview) return;
    setBusy(true);
    const result = await editorCall("pageEditor.restore", locale, { params: { id: preview.id } });
    setBusy(false);
    if (result.ok) onRestored(result.data);
    else setError(result.message);
  };

  const footer = preview ? (
    confirming ? (
      <>
        <p className="editor-confirm__text">{t("editor.revisions.confirm", { version: preview.version })}</p>
        <button type="button" className="button" disabled={busy} onClick={restore}>
          {t("editor.revisions.restoreYes")}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
          {t("editor.cancel")}
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {t("editor.revisions.restore")}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setPreview(null)}>
          {t("editor.revisions.back")}
        </button>
      </>
    )
  ) : undefined;

  return (
    <EditorModal title={t("editor.revisions.title")} onClose={onClose} size="large" footer={footer}>
      {error ? (
        <p className="editor-message editor-message--error" role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <section aria-label={t("editor.revisions.preview", { version: preview.version })} className="editor-revision-preview">
          <p>
            <strong>{t("editor.revisions.preview", { version: preview.version })}</strong> — {preview.title}
          </p>
          <div className="editor-revision-preview__page">
            <PreviewBlocks components={preview.components} heroIsTitle={false} loaded={{}} />
          </div>
        </section>
      ) : records === null ? (
        <p>{t("editor.loading")}</p>
      ) : records.length === 0 ? (
        <p>{t("editor.revisions.none")}</p>
      ) : (
        <ol className="editor-revisions">
          {records.map((r) => (
            <li key={r.id}>
              <button type="button" className="editor-revisions__item" onClick={() => open(r.id)}>
                <strong>{t("editor.revisions.version", { version: r.version })}</strong>
                <span>{r.authorName ?? t("editor.revisions.seed")}</span>
                <time dateTime={r.createdAt}>{when(r.createdAt, locale)}</time>
                {r.restoredFrom ? <span>{t("editor.revisions.restoredFrom", { id: r.restoredFrom })}</span> : null}
              </button>
            </li>
          ))}
        </ol>
      )}
    </EditorModal>
  );
}
