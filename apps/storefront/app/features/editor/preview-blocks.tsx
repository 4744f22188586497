import type { PageComponent } from "@shop/contracts";
import type { BlockLoads, LoadedBlocks } from "../../blocks/block-props.ts";
import { RenderBlocks } from "../../blocks/registry.tsx";
import { useT } from "../../ui/i18n.tsx";

/** The templates that render data their loader fetched on the server (BlockLoads): every one of them. */
const NEEDS_DATA: Record<keyof BlockLoads, true> = { latestPosts: true, form: true, products: true, productCategories: true };

/**
 * Blocks as the editor shows them: one whose data was not loaded (a new block, a revision's) says
 * it shows after saving instead of rendering without its data.
 */
export function PreviewBlocks({
  components,
  heroIsTitle,
  loaded,
}: {
  components: PageComponent[];
  heroIsTitle: boolean;
  loaded: LoadedBlocks;
}) {
  const t = useT();
  return (
    <>
      {components.map((component, index) =>
        Object.hasOwn(NEEDS_DATA, component.template) && loaded[String(component.id)] === undefined ? (
          <p key={component.id} className="editor-block__placeholder container">
            {t("editor.block.afterSave", { name: t(`editor.template.${component.template}`) })}
          </p>
        ) : (
          <RenderBlocks key={component.id} components={[component]} heroIsTitle={heroIsTitle && index === 0} loaded={loaded} />
        ),
      )}
    </>
  );
}
