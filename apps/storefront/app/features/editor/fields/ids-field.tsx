import { type ComponentType, type LazyExoticComponent, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import type { FieldEditorProps } from "./field-props.ts";

/** A modal that picks several ids in order (the product list and product categories modals). */
type PickModal = ComponentType<{
  locale: FieldEditorProps<number[]>["locale"];
  value: number[];
  onClose: () => void;
  onSave: (picked: number[]) => void;
}>;

/** A block's list of ids: how many are chosen, and a button opening `Modal` (loaded when first opened) to change them. */
export function idsField(Modal: LazyExoticComponent<PickModal>, chooseKey: string) {
  return function IdsField({ id, label, value, onChange, locale }: FieldEditorProps<number[]>) {
    const t = useT();
    const [open, setOpen] = useState(false);
    const ids = value ?? [];
    return (
      <div className="editor-field editor-picked" id={id}>
        <span id={`${id}-label`}>{label}</span>
        <span className="editor-picked__value">{t("editor.modals.multi.chosenCount", { count: ids.length })}</span>
        <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={() => setOpen(true)}>
          {t(chooseKey)}
        </button>
        {open ? (
          <Suspense fallback={null}>
            <Modal
              locale={locale}
              value={ids}
              onClose={() => setOpen(false)}
              onSave={(picked) => {
                onChange(picked);
                setOpen(false);
              }}
            />
          </Suspense>
        ) : null}
      </div>
    );
  };
}
