import { CategoryTile } from "../../features/catalog/category-tile.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import "../../styles/shop.css";

/** Staff's picked product categories (the product categories modal) as the category list's tiles. */
export function ProductCategoriesBlock({ data, loaded: categories, headingLevel, anchor }: BlockProps<"productCategories">) {
  if (categories.length === 0) return null;
  const titleId = `${anchor}-title`;
  return (
    <section id={anchor} className="block product-categories-block container" aria-labelledby={titleId}>
      <Heading level={headingLevel}>
        <span id={titleId}>{data.title}</span>
      </Heading>
      <ul className="category-grid">
        {categories.map((category) => (
          <li key={category.id}>
            <CategoryTile category={category} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
