import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../../ui/i18n.tsx";
import "../../styles/editor-modals.css";

/**
 * The shell of every editing modal (SPEC §2 modal kinds): a modal <dialog>, so focus moves into it
 * and stays there, Escape closes it and the page behind is inert for keyboard and screen reader.
 * Shown while mounted; `onClose` runs on Escape, the close button and a click on the backdrop.
 */
export function EditorModal({
  title,
  onClose,
  children,
  footer,
  size = "medium",
  openOnServer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The modal's buttons (confirm, cancel…), below its content. */
  footer?: ReactNode;
  size?: "small" | "medium" | "large";
  /** Open in the server's HTML too, for a modal that its page's address opens: without JavaScript it is a plain dialog in the page. */
  openOnServer?: boolean;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Rendered open (openOnServer): a plain dialog until here, where it becomes modal.
    if (element.open) element.close();
    element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    element.addEventListener("cancel", onCancel);
    return () => {
      element.removeEventListener("cancel", onCancel);
      element.close();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the close button are the keyboard's.
    <dialog
      ref={dialog}
      open={openOnServer}
      className={`dialog-panel editor-modal editor-modal--${size}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="editor-modal__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog-panel__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("editor.close")}</span>
        </button>
      </div>
      <div className="editor-modal__body">{children}</div>
      {footer ? <div className="editor-modal__foot">{footer}</div> : null}
    </dialog>
  );
}
