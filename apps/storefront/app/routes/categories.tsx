import { LOCALES, localeFromPath, localizedPath } from "@shop/contracts";
import { translator } from "@shop/i18n";
import { Link } from "react-router";
import { loadCategoryTree } from "../features/catalog/catalog.server.ts";
import { CategoryTile } from "../features/catalog/category-tile.tsx";
import { failurePage } from "../features/errors/platform-failure.ts";
import { platformFor } from "../platform.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/categories";
import "../styles/shop.css";

/** SPEC §2 category list /kategorije: every category with its image, name and product count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const result = await loadCategoryTree(platformFor(context, request, locale));
  if (!result.ok) throw failurePage(result, t);
  return {
    categories: result.data.records,
    seo: { title: t("categories.title"), description: t("categories.lead"), image: result.data.records[0]?.image ?? null },
    alternates: Object.fromEntries(LOCALES.map((l) => [l, localizedPath("categories", l)])),
  };
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const { categories } = loaderData;
  return (
    <div className="shop categories container">
      <title>{t("categories.title")}</title>
      <meta name="description" content={t("categories.lead")} />
      <header className="shop__header">
        <h1 className="shop__title">{t("categories.title")}</h1>
        <p className="shop__lead">{t("categories.lead")}</p>
        <p>
          <Link to={path("shop")} className="button button--ghost button--small">
            {t("categories.allProducts")}
          </Link>
        </p>
      </header>
      {categories.length ? (
        <ul className="category-grid">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryTile category={category} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="shop__empty">{t("categories.empty")}</p>
      )}
    </div>
  );
}
