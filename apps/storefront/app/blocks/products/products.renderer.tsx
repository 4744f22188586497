import { ProductGrid } from "../../features/catalog/product-card.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import "../../styles/shop.css";

/** Staff's picked products (the product list modal) as the shop's cards; nothing when none is left to show. */
export function ProductsBlock({ data, loaded: cards, headingLevel, anchor, priority }: BlockProps<"products">) {
  if (cards.length === 0) return null;
  const titleId = `${anchor}-title`;
  return (
    <section id={anchor} className="block products-block container" aria-labelledby={titleId}>
      <Heading level={headingLevel}>
        <span id={titleId}>{data.title}</span>
      </Heading>
      <ProductGrid cards={cards} priority={priority ? 4 : 0} />
    </section>
  );
}
