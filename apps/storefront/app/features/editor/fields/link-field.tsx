import type { LinkData } from "@shop/contracts";
import { lazy, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import type { FieldEditorProps } from "./field-props.ts";

const LinkOptionsModal = lazy(() => import("../modals/link-options-modal.tsx").then((m) => ({ default: m.LinkOptionsModal })));

/** A link's label and target, chosen in the link options modal (SPEC §2). */
export function LinkField({ id, label, value, onChange, locale }: FieldEditorProps<LinkData>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="editor-field editor-picked" id={id}>
      <span id={`${id}-label`}>{label}</span>
      <span className="editor-picked__value">{value?.href ? `${value.label} → ${value.href}` : t("editor.modals.link.none")}</span>
      <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={() => setOpen(true)}>
        {t("editor.modals.link.edit")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LinkOptionsModal
            locale={locale}
            value={value}
            onClose={() => setOpen(false)}
            onSave={(link) => {
              onChange(link);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
