import { type BlockTemplate, blockSchemas, blockTemplates, type PageComponent } from "@shop/contracts";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import type { BlockProps, LoadedBlocks } from "./block-props.ts";
import { EuNoticeBlock } from "./euNotice/eu-notice.renderer.tsx";
import { FaqBlock } from "./faq/faq.renderer.tsx";
import { FormBlock } from "./form/form.renderer.tsx";
import { GalleryBlock } from "./gallery/gallery.renderer.tsx";
import { HeroBlock } from "./hero/hero.renderer.tsx";
import { ImageTextBlock } from "./imageText/image-text.renderer.tsx";
import { LatestPostsBlock } from "./latestPosts/latest-posts.renderer.tsx";
import { LocationsBlock } from "./locations/locations.renderer.tsx";
import { PriceListBlock } from "./priceList/price-list.renderer.tsx";
import { RichTextBlock } from "./richText/rich-text.renderer.tsx";

/**
 * Every page-component template: how it renders (here, for server and browser) and, for the ones
 * that need data (BlockLoads), how it loads (registry.server.ts). A template without an entry
 * fails the type check.
 */
export interface BlockEntry<T extends BlockTemplate> {
  render: ComponentType<BlockProps<T>>;
}

/**
 * A block whose renderer loads when a page shows it: the shop's cards and their add-to-cart forms
 * stay out of every content page's JavaScript. The boundary keeps the server's HTML while it loads.
 */
function lazyBlock<T extends BlockTemplate>(load: () => Promise<ComponentType<BlockProps<T>>>): ComponentType<BlockProps<T>> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyBlock(props: BlockProps<T>) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const blockRegistry: { [T in BlockTemplate]: BlockEntry<T> } = {
  hero: { render: HeroBlock },
  richText: { render: RichTextBlock },
  imageText: { render: ImageTextBlock },
  gallery: { render: GalleryBlock },
  priceList: { render: PriceListBlock },
  locations: { render: LocationsBlock },
  faq: { render: FaqBlock },
  euNotice: { render: EuNoticeBlock },
  latestPosts: { render: LatestPostsBlock },
  form: { render: FormBlock },
  products: { render: lazyBlock(async () => (await import("./products/products.renderer.tsx")).ProductsBlock) },
  productCategories: {
    render: lazyBlock(async () => (await import("./productCategories/product-categories.renderer.tsx")).ProductCategoriesBlock),
  },
};

function isBlockTemplate(value: string): value is BlockTemplate {
  return (blockTemplates as readonly string[]).includes(value);
}

const reported = new Set<string>();
function reportOnce(key: string, message: string) {
  if (reported.has(key)) return;
  reported.add(key);
  console.warn(`[blocks] ${message}`);
}

const ANCHOR = /^[a-z][\w-]{0,63}$/i;

/** A stored anchor (`data.anchor`) when it is a safe id, else template and id. */
function anchorOf(component: PageComponent): string {
  const anchor = component.data.anchor;
  return typeof anchor === "string" && ANCHOR.test(anchor) ? anchor : `${component.template}-${component.id}`;
}

function renderBlock<T extends BlockTemplate>(
  template: T,
  component: PageComponent,
  loaded: LoadedBlocks,
  headingLevel: 1 | 2,
  priority: boolean,
): ReactNode {
  const parsed = blockSchemas[template].safeParse(component.data);
  if (!parsed.success) {
    reportOnce(`${component.id}`, `component ${component.id} (${template}) has invalid data and is skipped`);
    return null;
  }
  const Renderer: ComponentType<BlockProps<T>> = blockRegistry[template].render;
  // TypeScript cannot correlate `blockSchemas[T]` with `T` through a generic index; the schema is T's own.
  const blockData = parsed.data as BlockProps<T>["data"];
  // What the page loader loaded for this component (registry.server.ts), for the templates that need data.
  const blockLoaded = loaded[String(component.id)] as BlockProps<T>["loaded"];
  return (
    <Renderer
      key={component.id}
      data={blockData}
      loaded={blockLoaded}
      headingLevel={headingLevel}
      anchor={anchorOf(component)}
      priority={priority}
    />
  );
}

/**
 * The components of a page in order. Unknown templates and invalid data are skipped (logged once).
 * When the page opens with a hero, its title is the page's h1; otherwise the caller renders one.
 */
export function RenderBlocks({
  components,
  heroIsTitle,
  loaded = {},
}: {
  components: PageComponent[];
  heroIsTitle: boolean;
  /** The page loader's `loadBlocks` answer. */
  loaded?: LoadedBlocks;
}) {
  return (
    <>
      {components.map((component, index) => {
        if (!isBlockTemplate(component.template)) {
          reportOnce(`template:${component.template}`, `unknown template '${component.template}' is skipped`);
          return null;
        }
        const level = heroIsTitle && index === 0 ? 1 : 2;
        return renderBlock(component.template, component, loaded, level, index < 2);
      })}
    </>
  );
}

/** Whether the page's first component is a valid hero (its title then is the h1). */
export function opensWithHero(components: PageComponent[]): boolean {
  const first = components[0];
  return first?.template === "hero" && blockSchemas.hero.safeParse(first.data).success;
}
