import type { BlockData, BlockTemplate } from "@shop/contracts";

export interface BlockProps<T extends BlockTemplate> {
  data: BlockData<T>;
  /** The first hero of a page carries the page's one h1; every other block title is an h2. */
  headingLevel: 1 | 2;
  /** Anchor id (the `part` query parameter scrolls here). */
  anchor: string;
  /** Above the fold: images load eagerly. */
  priority: boolean;
}
