import { useEffect, useRef } from "react";

/** Where the editor takes clicks on links itself (a block or element selects, a modal or the toolbar acts). */
const EDITOR_SURFACES = ".editor-block, .editor-element, .editor-toolbar, .editor-modal";

/**
 * While `unsaved`: closing the tab or loading another document asks through the browser's own
 * question, and a click on a link to another page of the shop asks through `ask` (the editor's
 * modal), which may `proceed`. A capturing listener rather than React Router's useBlocker: that
 * hook would sit in the router chunk every visitor loads (issue 13 keeps visitors' JavaScript as it
 * was); going back through history entries of this same document is the one way out it does not ask.
 */
export function useLeaveGuard(unsaved: boolean, ask: (proceed: () => void) => void): void {
  const askRef = useRef(ask);
  askRef.current = ask;
  const leaving = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || link.closest(EDITOR_SURFACES) || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      // Another site or this same page (leaving edit mode) loads a new document: the browser asks.
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      askRef.current(() => {
        leaving.current = true;
        window.location.assign(url.href);
      });
    };
    window.addEventListener("beforeunload", warn);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      window.removeEventListener("click", onClick, true);
    };
  }, [unsaved]);
}
