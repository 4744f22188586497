import { localeFromPath, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { sanitizeHtml } from "../blocks/sanitize-html.ts";
import { shopContext } from "../context.ts";
import { sessionOf } from "../features/account/session-context.server.ts";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { failurePage, isMissing } from "../features/errors/platform-failure.ts";
import { CrossSells } from "../features/product/cross-sells.tsx";
import { loadProductPage } from "../features/product/product.server.ts";
import { ProductHero } from "../features/product/product-hero.tsx";
import { ReviewsSection } from "../features/reviews/reviews-section.tsx";
import { describeHtml } from "../features/seo/seo-data.ts";
import { platformFor } from "../platform.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/product";
import "../styles/forms.css";
import "../styles/product.css";

const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;
/** Parameters of the variant choice: attribute codes, a bundle part's prefixed ones. */
const CHOICE_PARAM = /^(p\d{1,10}\.)?[a-z][a-z0-9_]{0,63}$/;

/** SPEC §2 product route /product/{slug} (de /produkt/{slug}). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const notFound = () => data({ kind: "notFound" as const }, { status: 404 });
  const slug = params.slug;
  // The product route without a product: the shop lists them all.
  if (slug === undefined) throw redirect(localizedPath("shop", locale));
  if (!SLUG.test(slug)) return notFound();
  // The product is the same for everyone: read anonymously, so it comes from the shared cache.
  const result = await platformFor(context, request, locale).withToken(undefined).callPublic(api.catalog.getProduct, { query: { slug } });
  if (!result.ok) {
    if (isMissing(result)) return notFound();
    throw failurePage(result, translator(locale));
  }
  const product = result.data;
  // Found by another language's slug: the address of this language's version.
  if (product.slug !== slug) throw redirect(`${localizedPath("product", locale, { slug: product.slug })}${url.search}`, 301);

  const session = await sessionOf(context);
  const page = await loadProductPage(context, session.platform, session.user, product, url.searchParams);
  const description = product.shortDescription || describeHtml(product.description) || "";
  return {
    kind: "product" as const,
    ...page,
    description,
    publicUrl: context.get(shopContext).publicUrl,
    seo: { title: product.name, description, image: product.media[0]?.src ?? null, type: "website" as const },
  };
}

/** A new variant choice only changes the address (the page already knows every variant): no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const keys = new Set([...currentUrl.searchParams.keys(), ...nextUrl.searchParams.keys()]);
  const changed = [...keys].filter((k) => currentUrl.searchParams.getAll(k).join() !== nextUrl.searchParams.getAll(k).join());
  if (changed.length > 0 && changed.every((k) => CHOICE_PARAM.test(k))) return false;
  return defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  if (loaderData.kind === "notFound") return <NotFoundPage />;
  const { product, reviews, description, publicUrl } = loaderData;
  const absolute = (src: string) => (src.startsWith("/") ? `${publicUrl}${src}` : src);
  const summary = reviews.list?.summary;
  const url = `${publicUrl}${path("product", { slug: product.slug })}`;
  // A MultiSelect attribute comes as one entry per value: one row each, values joined.
  const attributeRows = new Map<string, { label: string; values: string[] }>();
  for (const a of product.attributeSet.attributes) {
    const row = attributeRows.get(a.attributeCode) ?? { label: a.label, values: [] };
    row.values.push(a.value.label);
    attributeRows.set(a.attributeCode, row);
  }
  return (
    <article className="product-page container" aria-labelledby="product-title">
      <title>{product.name}</title>
      {description ? <meta name="description" content={description} /> : null}
      <JsonLd
        data={{
          "@type": "Product",
          name: product.name,
          sku: product.sku,
          ...(description ? { description } : {}),
          ...(product.media.length > 0 ? { image: product.media.map((m) => absolute(m.src)) } : {}),
          offers: {
            "@type": "Offer",
            url,
            price: product.finalPrice.toFixed(2),
            priceCurrency: product.currency,
            availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          },
          ...(summary && summary.count > 0 && reviews.list
            ? {
                aggregateRating: {
                  "@type": "AggregateRating",
                  ratingValue: summary.average,
                  reviewCount: summary.count,
                  bestRating: reviews.list.options.NumberOfStars,
                  worstRating: 1,
                },
              }
            : {}),
        }}
      />
      {product.categories[0] ? (
        <nav className="product-page__crumbs" aria-label={t("product.breadcrumbs")}>
          <ol>
            <li>
              <Link to={path("shop")}>{t("product.shop")}</Link>
            </li>
            <li>
              <Link to={path("shop", { slug: product.categories[0].slug })}>{product.categories[0].name}</Link>
            </li>
          </ol>
        </nav>
      ) : null}
      {/* Another product, a fresh choice: the hero's state belongs to one product. */}
      <ProductHero key={product.id} data={loaderData} />
      {product.description || attributeRows.size > 0 ? (
        <div className="product-details">
          {product.description ? (
            <section className="product-details__description" aria-labelledby="product-description-title">
              <h2 id="product-description-title">{t("product.description")}</h2>
              {/* Sanitised by the platform when stored; sanitised again here, as every stored HTML is. */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.description) }} />
            </section>
          ) : null}
          {attributeRows.size > 0 ? (
            <section className="product-details__attributes" aria-labelledby="product-attributes-title">
              <h2 id="product-attributes-title">{t("product.attributes")}</h2>
              <table className="attribute-table">
                <tbody>
                  {[...attributeRows].map(([code, row]) => (
                    <tr key={code}>
                      <th scope="row">{row.label}</th>
                      <td>{row.values.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </div>
      ) : null}
      <CrossSells products={product.crossSellProducts} />
      <ReviewsSection key={product.id} data={reviews} />
    </article>
  );
}
