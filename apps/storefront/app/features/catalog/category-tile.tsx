import type { CategoryView } from "@shop/contracts";
import { Link } from "react-router";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { plural } from "../../ui/plural.ts";

/** One category of a grid (SPEC §2 category list): image, name linking to its products, count and subcategories. */
export function CategoryTile({ category, headingLevel = 2 }: { category: CategoryView; headingLevel?: 2 | 3 }) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  const locale = useLocale();
  const path = usePath();
  return (
    <article className="category-card">
      <div className="category-card__media">
        {category.image ? (
          <img className="category-card__image" src={category.image} alt="" loading="lazy" decoding="async" width={480} height={360} />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="category-card__body">
        <Title className="category-card__title">
          <Link to={path("shop", { slug: category.slug })} className="category-card__link" prefetch="intent">
            {category.name}
          </Link>
        </Title>
        <p className="category-card__count">
          {t(`categories.count.${plural(locale, category.productCount)}`, { count: category.productCount })}
        </p>
        {category.children.length ? (
          <ul className="category-card__children">
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={path("shop", { slug: child.slug })}>{child.name}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
