import { useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { EditorModal } from "../editor-modal.tsx";

/**
 * SPEC §2 confirmation modal, for every editing action that cannot be undone (discard a draft,
 * remove a section, leave with unsaved changes…). `onConfirm` may be async: the button waits for
 * it, and the modal stays open if it throws, so the caller can show its error.
 */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** Defaults to 'Cancel' in the page's language. */
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <EditorModal
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {cancelLabel ?? t("editor.modals.cancel")}
          </button>
          <button
            type="button"
            className={`button${danger ? " button--danger" : ""}`}
            aria-disabled={busy || undefined}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </EditorModal>
  );
}
