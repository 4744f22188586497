import { isLocale, LOCALES, type Locale, localeFromPath, localizedPath, type TermView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Link, redirect } from "react-router";
import { loadCategories, loadPostPage, pageParam } from "../features/blog/blog.server.ts";
import { PostList } from "../features/blog/post-list.tsx";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { failurePage, isMissing } from "../features/errors/platform-failure.ts";
import { platformFor } from "../platform.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/blog";
import "../styles/content.css";

const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;

/** SPEC §2 blog route /objave/{slug?}: all posts, or the posts of one category, paged. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const platform = platformFor(context, request, locale);
  const slug = params.slug;
  const page = pageParam(url);
  const notFound = () => data({ found: false as const, alternates: {} }, { status: 404 });

  let term: TermView | null = null;
  if (slug !== undefined) {
    if (!SLUG.test(slug)) return notFound();
    const result = await platform.callPublic(api.cms.getTermBySlug, { params: { slug } });
    if (!result.ok) {
      if (!isMissing(result)) throw failurePage(result, translator(locale));
      // An old link to a post under the blog path: the post lives at /{slug} (SPEC §2).
      const post = await platform.callPublic(api.cms.decide, { query: { params: slug } });
      if (post.ok && post.data.type === "post") throw redirect(localizedPath("content", locale, { slug: post.data.post.slug }), 301);
      return notFound();
    }
    term = result.data;
    // Found by another language's slug: the address of this language's version.
    if (term.slug !== slug) throw redirect(`${localizedPath("blog", locale, { slug: term.slug })}${url.search}`, 301);
  }

  const [categories, posts] = await Promise.all([loadCategories(platform), loadPostPage(platform, term?.slug, page)]);
  if (!posts) throw data("posts unavailable", { status: 503 });
  if (page > posts.pagination.lastPage) return notFound();

  const alternates: Partial<Record<Locale, string>> = {};
  if (term) {
    for (const [lang, translated] of Object.entries(term.translations)) {
      if (isLocale(lang)) alternates[lang] = localizedPath("blog", lang, { slug: translated });
    }
  } else {
    for (const lang of LOCALES) alternates[lang] = localizedPath("blog", lang);
  }
  return data({ found: true as const, term, categories, posts, alternates });
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  if (!loaderData.found) return <NotFoundPage />;
  const { term, categories, posts } = loaderData;
  const base = path("blog", { slug: term?.slug });
  const hrefFor = (n: number) => (n <= 1 ? base : `${base}?page=${n}`);
  const heading = term?.title ?? t("blog.title");
  const page = posts.pagination.page;
  return (
    <div className="blog container">
      <title>{page > 1 ? t("blog.pageTitle", { title: heading, page }) : heading}</title>
      <meta name="description" content={term?.description || t("blog.lead")} />
      <header className="blog__header">
        {term ? (
          <p className="blog__eyebrow">
            <Link to={path("blog")}>{t("blog.title")}</Link>
          </p>
        ) : null}
        <h1 className="blog__title">{heading}</h1>
        <p className="blog__lead">{term?.description || t("blog.lead")}</p>
      </header>
      <nav className="blog-categories" aria-label={t("blog.categories")}>
        <ul className="blog-categories__list">
          <li>
            <Link to={path("blog")} className="blog-categories__link" aria-current={term ? undefined : "page"}>
              {t("blog.allPosts")}
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={path("blog", { slug: category.slug })}
                className="blog-categories__link"
                aria-current={category.id === term?.id ? "page" : undefined}
              >
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PostList page={posts} hrefFor={hrefFor} emptyText={t(term ? "blog.emptyCategory" : "blog.empty")} />
    </div>
  );
}
