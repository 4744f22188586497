import type { MediaView, RefusedFile } from "@shop/contracts";
import { type DragEvent, useId, useRef, useState } from "react";
import { useT } from "../../ui/i18n.tsx";
import "./media.css";
import { ACCEPTED_FILES, MAX_FILES, uploadFiles } from "./upload-files.ts";

type State =
  | { kind: "idle" }
  | { kind: "sending"; share: number; count: number }
  | { kind: "done"; added: MediaView[]; refused: RefusedFile[] }
  | { kind: "failed"; message: string };

/**
 * Files by the picker or dropped on the zone, at most 20, sent with a progress bar; each refused
 * file is named with its reason. The picker is a plain file input of `formId`'s form, so the form
 * still posts without JavaScript.
 */
export function MediaDropZone({ onUploaded, formId }: { onUploaded: (added: MediaView[]) => void; formId?: string }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [over, setOver] = useState(false);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > MAX_FILES) {
      setState({ kind: "failed", message: t("admin.media.upload.tooMany", { max: MAX_FILES }) });
      return;
    }
    setState({ kind: "sending", share: 0, count: files.length });
    const answer = await uploadFiles(files, (share) => setState({ kind: "sending", share, count: files.length }));
    if (input.current) input.current.value = "";
    if (!answer.ok) {
      setState({ kind: "failed", message: answer.message || t("admin.media.upload.failed") });
      return;
    }
    setState({ kind: "done", added: answer.data.records, refused: answer.data.refused });
    if (answer.data.records.length > 0) onUploaded(answer.data.records);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void send([...e.dataTransfer.files]);
  };

  return (
    // A drop target for a pointer; the file input inside is the keyboard's way to the same.
    <fieldset
      className={`media-drop${over ? " media-drop--over" : ""}`}
      data-testid="media-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <legend id={`${id}-hint`}>{t("admin.media.upload.hint", { max: MAX_FILES })}</legend>
      <label className="button button--small" htmlFor={`${id}-file`}>
        {t("admin.media.upload.choose")}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        className="media-drop__input"
        type="file"
        name="file"
        multiple
        accept={ACCEPTED_FILES}
        form={formId}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          // Without a form to post (the editor's modal) or with JavaScript, the files go at once.
          e.preventDefault();
          void send([...(e.currentTarget.files ?? [])]);
        }}
      />
      <div aria-live="polite" className="media-drop__status">
        {state.kind === "sending" ? (
          <>
            <p>{t("admin.media.upload.sending", { count: state.count })}</p>
            <progress max={100} value={Math.round(state.share * 100)} aria-label={t("admin.media.upload.progress")} />
          </>
        ) : null}
        {state.kind === "done" ? <UploadResult added={state.added.length} refused={state.refused} /> : null}
        {state.kind === "failed" ? <p className="notice notice--error">{state.message}</p> : null}
      </div>
    </fieldset>
  );
}

/** What an upload kept and, file by file, what it refused and why. */
export function UploadResult({ added, refused }: { added: number; refused: readonly { name: string; message: string }[] }) {
  const t = useT();
  return (
    <div className="media-drop__result">
      {added > 0 ? <p className="notice notice--success">{t("admin.media.upload.added", { count: added })}</p> : null}
      {refused.length > 0 ? (
        <div className="notice notice--error">
          <div className="notice__text">
            <p>{t("admin.media.upload.refused", { count: refused.length })}</p>
            <ul>
              {refused.map((r, i) => (
                <li key={i}>
                  <strong>{r.name}</strong>: {r.message}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
