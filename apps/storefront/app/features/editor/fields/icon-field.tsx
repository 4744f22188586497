import { lazy, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { Icon, isIconName } from "../../../ui/icons.tsx";
import type { FieldEditorProps } from "./field-props.ts";

const IconListModal = lazy(() => import("../modals/icon-list-modal.tsx").then((m) => ({ default: m.IconListModal })));

/** An icon by name, from the icons a field allows, chosen in the icon list modal (SPEC §2). */
export function IconField({ id, label, value, onChange, options }: FieldEditorProps<string> & { options: readonly string[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="editor-field editor-picked" id={id}>
      <span id={`${id}-label`}>{label}</span>
      <span className="editor-picked__value">
        {value && isIconName(value) ? (
          <>
            <Icon name={value} /> {t(`editor.modals.icon.names.${value}`)}
          </>
        ) : (
          t("editor.modals.icon.none")
        )}
      </span>
      <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={() => setOpen(true)}>
        {t("editor.modals.icon.choose")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <IconListModal
            options={options}
            value={value}
            onClose={() => setOpen(false)}
            onSave={(icon) => {
              onChange(icon);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
