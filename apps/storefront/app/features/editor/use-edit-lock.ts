import { EDIT_LOCK, type EditorLock, type Locale } from "@shop/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { editorCall } from "./editor-calls.ts";

/**
 * The page's edit lock (issue 13, two staff at once): taken on entering edit mode, kept by a
 * heartbeat every EDIT_LOCK.heartbeatSeconds, let go on leaving. `held`: this editor may edit;
 * `other`: someone else holds it (read-only, with 'take over'); `lost`: it was taken from this
 * editor (the name of who took it), so editing stops.
 */
export type LockState =
  | { state: "taking" }
  | { state: "held" }
  | { state: "other"; holder: string }
  | { state: "lost"; holder: string }
  | { state: "failed"; message: string };

export function useEditLock(pageId: number, locale: Locale, initial: EditorLock | null) {
  const [lock, setLock] = useState<LockState>(
    initial && !initial.mine && Date.parse(initial.expiresAt) > Date.now()
      ? { state: "other", holder: initial.holderName }
      : { state: "taking" },
  );
  const held = useRef(false);

  const take = useCallback(
    async (takeOver: boolean) => {
      const result = await editorCall("pageEditor.lock", locale, { params: { id: pageId }, body: { takeOver } });
      if (!result.ok) {
        held.current = false;
        setLock({ state: "failed", message: result.message });
        return;
      }
      const { mine, holderName } = result.data;
      // A heartbeat that finds another holder: the lock was taken over from this editor.
      if (!mine) setLock(held.current ? { state: "lost", holder: holderName } : { state: "other", holder: holderName });
      else setLock({ state: "held" });
      held.current = mine;
    },
    [pageId, locale],
  );

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

  return { lock, takeOver: () => take(true) };
}
