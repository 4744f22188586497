import { lazy, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import type { FieldEditorProps } from "./field-props.ts";

const ProductCategoriesModal = lazy(() => import("../modals/product-list-modal.tsx").then((m) => ({ default: m.ProductCategoriesModal })));

/** The products of a block (productCategories' categoryIds), picked in the product categories modal (SPEC §2). */
export function CategoriesField({ id, label, value, onChange, locale }: FieldEditorProps<number[]>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ids = value ?? [];
  return (
    <div className="editor-field editor-picked" id={id}>
      <span id={`${id}-label`}>{label}</span>
      <span className="editor-picked__value">{t("editor.modals.multi.chosenCount", { count: ids.length })}</span>
      <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={() => setOpen(true)}>
        {t("editor.modals.categories.choose")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ProductCategoriesModal
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
}
