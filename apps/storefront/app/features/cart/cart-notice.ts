import type { NoticeKind } from "../../ui/notice.tsx";

/** A message about a cart form post, shown as a toast on the page the visitor lands on. */
export interface CartNotice {
  kind: NoticeKind;
  text: string;
}

const KINDS: readonly NoticeKind[] = ["success", "info", "error"];
const MAX_TEXT = 300;

/** The notice cookie's value, or null when it is missing or not one of ours (text only, bounded). */
export function parseCartNotice(value: string | undefined): CartNotice | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { kind, text } = parsed as Record<string, unknown>;
    if (!KINDS.includes(kind as NoticeKind) || typeof text !== "string" || text === "" || text.length > MAX_TEXT) return null;
    return { kind: kind as NoticeKind, text };
  } catch {
    return null;
  }
}
