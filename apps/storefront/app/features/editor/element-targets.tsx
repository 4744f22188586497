import { type ElementHandler, elementHandlers } from "@shop/contracts";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "../../ui/i18n.tsx";

/** Where the layout (features/layout) renders each element: found on the page, so visitors' markup carries nothing for the editor. */
const ELEMENT_SELECTORS: Record<ElementHandler, string> = {
  "header-section": ".site-header",
  "footer-section": ".site-footer",
  "cookie-section": ".cookie-banner",
};

const EDIT_BUTTON = "editor-element__edit";

/**
 * The header, footer and cookie elements in edit mode (SPEC §2): each is outlined on hover, and a
 * click anywhere on it (on one of its links too) or its own 'Edit' button, the keyboard's way in,
 * opens it in the elements modal. The layout renders them outside the editor, so the button is a
 * portal into each.
 */
export function ElementTargets({ onOpen }: { onOpen: (handler: ElementHandler) => void }) {
  const t = useT();
  const [targets, setTargets] = useState<[ElementHandler, HTMLElement][]>([]);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    const found = elementHandlers.flatMap((handler) => {
      const element = document.querySelector<HTMLElement>(ELEMENT_SELECTORS[handler]);
      return element ? [[handler, element] as [ElementHandler, HTMLElement]] : [];
    });
    const cleanups = found.map(([handler, element]) => {
      element.classList.add("editor-element");
      // Capturing, so the element's own links and buttons (the cart, the menu) do not act in edit mode.
      const onClick = (event: MouseEvent) => {
        if ((event.target as HTMLElement).closest(`.${EDIT_BUTTON}`)) return;
        event.preventDefault();
        event.stopPropagation();
        open.current(handler);
      };
      element.addEventListener("click", onClick, true);
      return () => {
        element.classList.remove("editor-element");
        element.removeEventListener("click", onClick, true);
      };
    });
    setTargets(found);
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, []);

  return targets.map(([handler, element]) =>
    createPortal(
      <button type="button" className={`button button--small ${EDIT_BUTTON}`} onClick={() => open.current(handler)}>
        {t("editor.elements.edit", { name: t(`editor.elements.${handler}`) })}
      </button>,
      element,
      handler,
    ),
  );
}
