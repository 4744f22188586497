import type { BlockData, BlockTemplate, CategoryView } from "@shop/contracts";
import type { PostCardData } from "../features/blog/post-card.tsx";
import type { Card } from "../features/catalog/product-card.tsx";
import type { EmbeddedForm } from "../features/cms-forms/embedded-form.ts";

/**
 * What a block that needs data gets from the server, by template: declared here, loaded by the
 * block's `load` in registry.server.ts (a template listed here without one fails the type check),
 * handed to its `render` as `loaded`.
 */
export interface BlockLoads {
  latestPosts: PostCardData[];
  form: EmbeddedForm | null;
  products: Card[];
  productCategories: CategoryView[];
}

export type LoadedOf<T extends BlockTemplate> = T extends keyof BlockLoads ? BlockLoads[T] : undefined;

/** A page's loaded block data, by component id, as its loader returns it. */
export type LoadedBlocks = Record<string, unknown>;

export interface BlockProps<T extends BlockTemplate> {
  data: BlockData<T>;
  /** What the block's loader found for it (blocks that declare data in BlockLoads); undefined otherwise. */
  loaded: LoadedOf<T>;
  /** The first hero of a page carries the page's one h1; every other block title is an h2. */
  headingLevel: 1 | 2;
  /** Anchor id (the `part` query parameter scrolls here). */
  anchor: string;
  /** Above the fold: images load eagerly. */
  priority: boolean;
}
