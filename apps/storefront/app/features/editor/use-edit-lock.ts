import { EDIT_LOCK, type Locale } from "@shop/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { editorCall } from "./editor-calls.ts";

/**
 * The page's edit lock (issue 13, two staff at once): taken on entering edit mode, kept by a
 * heartbeat every EDIT_LOCK.heartbeatSeconds, let go on leaving. `held`: this editor may edit;
 * `other`: someone else holds it (read-only, with 'take over'); `lost`: it was taken from this
 * editor, so editing stops. The platform's refusal (423) names who holds it, in the page's language.
 */
export type LockState =
  | { state: "taking" }
  | { state: "held" }
  | { state: "other"; message: string }
  | { state: "lost"; message: string }
  | { state: "failed"; message: string };

const LOCKED = 423;

export function useEditLock(pageId: number, locale: Locale) {
  const [lock, setLock] = useState<LockState>({ state: "taking" });
  const held = useRef(false);

  const take = useCallback(
    async (takeOver: boolean) => {
      const result = await editorCall("pageEditor.lock", locale, { params: { id: pageId }, body: { takeOver } });
      const wasHeld = held.current;
      held.current = result.ok;
      if (result.ok) setLock({ state: "held" });
      // A heartbeat refused: the lock was taken over from this editor.
      else if (result.status === LOCKED) setLock({ state: wasHeld ? "lost" : "other", message: result.message });
      else setLock({ state: "failed", message: result.message });
    },
    [pageId, locale],
  );

  /** A save refused because the lock is someone else's now. */
  const lost = useCallback((message: string) => {
    held.current = false;
    setLock({ state: "lost", message });
  }, []);

  useEffect(() => {
    void take(false);
    const beat = window.setInterval(() => {
      if (held.current) void take(false);
    }, EDIT_LOCK.heartbeatSeconds * 1000);
    const release = () => {
      if (!held.current) return;
      held.current = false;
      // Best effort: the lock also expires by itself when no heartbeat comes.
      void editorCall("pageEditor.unlock", locale, { params: { id: pageId } }, { keepalive: true });
    };
    window.addEventListener("pagehide", release);
    return () => {
      window.clearInterval(beat);
      window.removeEventListener("pagehide", release);
      release();
    };
  }, [take, pageId, locale]);

  return { lock, lost, takeOver: () => take(true) };
}
