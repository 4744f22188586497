import { TOAST_MS } from "@shop/contracts";
import { type ReactNode, useEffect, useState } from "react";
import { useT } from "./i18n.tsx";

export type NoticeKind = "success" | "info" | "error";

/**
 * An inline message. Errors are announced at once (role=alert), the rest politely (role=status).
 * It stays on the page: it is the answer to what the visitor just did.
 */
export function Notice({ kind, children, id }: { kind: NoticeKind; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`notice notice--${kind}`} role={kind === "error" ? "alert" : "status"}>
      <NoticeIcon kind={kind} />
      <div className="notice__text">{children}</div>
    </div>
  );
}

function NoticeIcon({ kind }: { kind: NoticeKind }) {
  const path =
    kind === "error"
      ? "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z"
      : kind === "success"
        ? "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z"
        : "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z";
  return (
    <svg className="notice__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export interface ToastMessage {
  id: string;
  kind: NoticeKind;
  text: string;
  /** A message with a duration of its own (SPEC §9: cartUpdated 12000 ms). */
  durationMs?: number;
}

/** SPEC §9: toasts last 3000 ms, errors 50 ms per character, unless the message has its own. */
export function toastDuration(toast: ToastMessage): number {
  if (toast.durationMs !== undefined) return toast.durationMs;
  return toast.kind === "error" ? Math.max(TOAST_MS.default, toast.text.length * TOAST_MS.errorPerChar) : TOAST_MS.default;
}

/**
 * Short-lived messages after a redirect (logged in, logged out). Without JavaScript they simply
 * stay; with it they leave after their SPEC §9 duration or when closed.
 */
export function Toasts({ messages }: { messages: ToastMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="toasts">
      {messages.map((m) => (
        <Toast key={m.id} message={m} />
      ))}
    </div>
  );
}

function Toast({ message }: { message: ToastMessage }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const duration = toastDuration(message);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), duration);
    return () => clearTimeout(timer);
  }, [duration]);
  if (!open) return null;
  return (
    <div className={`toast notice notice--${message.kind}`}>
      <NoticeIcon kind={message.kind} />
      <div className="notice__text" role={message.kind === "error" ? "alert" : "status"}>
        {message.text}
      </div>
      <button type="button" className="toast__close" onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
        <span className="sr-only">{t("common.close")}</span>
      </button>
    </div>
  );
}
