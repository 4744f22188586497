import type { EditablePage, ElementVariant } from "@shop/contracts";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { LoadedBlocks } from "../../blocks/block-props.ts";
import { useLocale } from "../../ui/i18n.tsx";

const PageEditor = lazy(() => import("./page-editor.tsx"));

/**
 * Edit mode of a content page. content.tsx imports this module lazily and hands it the page as
 * rendered for visitors (`page`), so this module imports next to nothing: the public chunk then
 * names few files to preload for it. The page shows on the server and while hydrating; then the
 * editor takes its place.
 */
export default function EditMode({
  editable,
  variant,
  loaded,
  page,
}: {
  editable: EditablePage;
  variant: ElementVariant;
  loaded: LoadedBlocks;
  page: ReactNode;
}) {
  const locale = useLocale();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return page;
  return (
    <Suspense fallback={page}>
      <PageEditor key={`${editable.id}-${locale}`} initial={editable} variant={variant} loaded={loaded} locale={locale} />
    </Suspense>
  );
}
