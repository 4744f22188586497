import { type Locale, type NavigationHandle, navigationHandles } from "@shop/contracts";
import { useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { EditorModal } from "../editor-modal.tsx";
import { NavigationEditorModal } from "./navigation-editor-modal.tsx";

/** The editor's way into the navigation editor: the five menus (SPEC §2 navigation sets), one opened at a time. */
export function NavigationMenusModal({ locale, onClose, onSaved }: { locale: Locale; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [handle, setHandle] = useState<NavigationHandle | null>(null);
  if (handle) {
    return (
      <NavigationEditorModal
        locale={locale}
        handle={handle}
        onClose={() => setHandle(null)}
        onSaved={() => {
          setHandle(null);
          onSaved();
        }}
      />
    );
  }
  return (
    <EditorModal title={t("editor.modals.nav.menusTitle")} onClose={onClose} size="small">
      <ul className="editor-rows">
        {navigationHandles.map((h) => (
          <li key={h}>
            <button type="button" className="button button--ghost button--block" onClick={() => setHandle(h)}>
              {t(`editor.modals.nav.menus.${h}`)}
            </button>
          </li>
        ))}
      </ul>
    </EditorModal>
  );
}
