import type { Locale } from "@shop/contracts";
import { useT } from "../../../ui/i18n.tsx";
import { editorCall } from "../editor-calls.ts";
import { MultiPickModal } from "./multi-pick-modal.tsx";
import type { PickOption } from "./pick-list.tsx";
import { filteredOnce, loadProductCategories, searchProducts } from "./searches.ts";

/** SPEC §2 product list modal: products found by keywords, several picked, in order. */
export function ProductListModal({
  locale,
  value,
  onSave,
  onClose,
}: {
  locale: Locale;
  value: readonly number[];
  onSave: (ids: number[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <MultiPickModal
      title={t("editor.modals.products.title")}
      searchLabel={t("editor.modals.products.search")}
      value={value}
      onSave={onSave}
      onClose={onClose}
      search={async (q) => {
        const found = await searchProducts(locale, q);
        return Array.isArray(found) ? found.map((p): PickOption => ({ value: String(p.id), label: p.name, hint: p.sku })) : found;
      }}
      describe={async (ids) => {
        const result = await editorCall("catalog.filterProducts", locale, {
          body: { filters: [{ key: "id", value: ids }], limit: ids.length },
        });
        return result.ok ? result.data.records.map((p) => ({ value: String(p.id), label: p.name, hint: p.sku })) : [];
      }}
    />
  );
}

/** SPEC §2 product categories modal: categories filtered by name, several picked, in order. */
export function ProductCategoriesModal({
  locale,
  value,
  onSave,
  onClose,
}: {
  locale: Locale;
  value: readonly number[];
  onSave: (ids: number[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const toOption = (c: { id: number; name: string; slug: string }): PickOption => ({ value: String(c.id), label: c.name, hint: c.slug });
  return (
    <MultiPickModal
      title={t("editor.modals.categories.title")}
      searchLabel={t("editor.modals.categories.search")}
      value={value}
      onSave={onSave}
      onClose={onClose}
      search={filteredOnce(() => loadProductCategories(locale), toOption)}
      describe={async (ids) => {
        const all = await loadProductCategories(locale);
        return Array.isArray(all) ? all.filter((c) => ids.includes(c.id)).map(toOption) : [];
      }}
    />
  );
}
