import { type BlockData, blockSchemas, type PageComponent } from "@shop/contracts";
import { loadPostPage } from "../features/blog/blog.server.ts";
import { loadEmbeddedForm } from "../features/cms-forms/cms-forms.server.ts";
import type { Translate } from "../features/forms/form-values.ts";
import type { Platform } from "../platform.server.ts";
import type { BlockLoads, LoadedBlocks } from "./block-props.ts";
import { loadPickedCategories, loadPickedProducts } from "./products/products.server.ts";

/** Loads one block's data on the server: the page's language comes with the platform. */
type BlockLoader<T extends keyof BlockLoads> = (platform: Platform, data: BlockData<T>, t: Translate) => Promise<BlockLoads[T]>;

/**
 * The `load` half of the blocks that need data (the `render` half is in registry.tsx, which the
 * browser gets too; loaders stay on the server). One per template of BlockLoads.
 */
export const blockLoaders: { [T in keyof BlockLoads]: { load: BlockLoader<T> } } = {
  latestPosts: {
    load: async (platform, data) => (await loadPostPage(platform, data.termSlug, 1, data.limit))?.posts ?? [],
  },
  form: {
    load: (platform, data, t) => loadEmbeddedForm(platform, data.form, t),
  },
  products: {
    load: (platform, data) => loadPickedProducts(platform, data.productIds),
  },
  productCategories: {
    load: (platform, data) => loadPickedCategories(platform, data.categoryIds),
  },
};

function needsData(template: string): template is keyof BlockLoads {
  return Object.hasOwn(blockLoaders, template);
}

/**
 * The data of every block of a page that needs some, by component id, for the page loader to
 * return: one call per distinct block content (two identical lists share it).
 */
export async function loadBlocks(platform: Platform, components: readonly PageComponent[], t: Translate): Promise<LoadedBlocks> {
  const calls = new Map<string, Promise<unknown>>();
  const loaded = await Promise.all(
    components.map(async (component) => {
      const template = component.template;
      if (!needsData(template)) return null;
      const parsed = blockSchemas[template].safeParse(component.data);
      if (!parsed.success) return null;
      const key = `${template}|${JSON.stringify(parsed.data)}`;
      let call = calls.get(key);
      if (!call) {
        const { load } = blockLoaders[template] as { load: BlockLoader<typeof template> };
        call = load(platform, parsed.data as BlockData<typeof template>, t);
        calls.set(key, call);
      }
      return [String(component.id), await call] as const;
    }),
  );
  return Object.fromEntries(loaded.filter((entry) => entry !== null));
}
