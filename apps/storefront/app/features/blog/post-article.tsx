import type { PostView } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { Link } from "react-router";
import type { LoadedBlocks } from "../../blocks/block-props.ts";
import { RenderBlocks } from "../../blocks/registry.tsx";
import { sanitizeHtml } from "../../blocks/sanitize-html.ts";
import { useLocale, usePath, useT } from "../../ui/i18n.tsx";
import { JsonLd } from "../../ui/json-ld.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";

/** Absolute URL of a site path (structured data needs full addresses). */
function absolute(publicUrl: string, src: string): string {
  return src.startsWith("/") ? `${publicUrl.replace(/\/+$/, "")}${src}` : src;
}

/** schema.org BlogPosting for a post page. */
function blogPosting(post: PostView, url: string, publicUrl: string, siteName: string) {
  return {
    "@type": "BlogPosting",
    headline: post.title,
    inLanguage: post.language,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    ...(post.image ? { image: [absolute(publicUrl, post.image.src)] } : {}),
    ...(post.terms.length ? { articleSection: post.terms.map((t) => t.title) } : {}),
    author: { "@type": "Organization", name: siteName, url: publicUrl },
    publisher: { "@type": "Organization", name: siteName, logo: { "@type": "ImageObject", url: absolute(publicUrl, "/logo.svg") } },
  };
}

/** A blog post at /{slug}: title, date, categories, cover image, the HTML body (sanitized again here) and any components. */
export function PostArticle({ post, publicUrl, blocks }: { post: PostView; publicUrl: string; blocks?: LoadedBlocks }) {
  const t = useT();
  const path = usePath();
  const locale = useLocale();
  const url = absolute(publicUrl, path("content", { slug: post.slug }));
  return (
    <article className="post" aria-labelledby="post-title">
      <JsonLd data={blogPosting(post, url, publicUrl, t("site.name"))} />
      <div className="container container--narrow">
        <nav className="post__crumbs" aria-label={t("blog.breadcrumb")}>
          <ol>
            <li>
              <Link to={path("blog")}>{t("blog.title")}</Link>
            </li>
            {post.terms[0] ? (
              <li>
                <SmartLink to={{ type: "category", slug: post.terms[0].slug }}>{post.terms[0].title}</SmartLink>
              </li>
            ) : null}
          </ol>
        </nav>
        <header className="post__header">
          <h1 id="post-title" className="post__title">
            {post.title}
          </h1>
          <p className="post__meta">
            {post.publishedAt ? (
              <>
                <span className="sr-only">{t("blog.publishedOn")} </span>
                <time dateTime={post.publishedAt}>{formatDate(locale, post.publishedAt, "long")}</time>
              </>
            ) : null}
            {post.terms.length ? (
              <span className="post__terms">
                <span className="sr-only">{t("blog.categories")}: </span>
                {post.terms.map((term) => (
                  <SmartLink key={term.id} to={{ type: "category", slug: term.slug }} className="post-card__term">
                    {term.title}
                  </SmartLink>
                ))}
              </span>
            ) : null}
          </p>
        </header>
        {post.image ? (
          <img
            className="post__image"
            src={post.image.src}
            alt={post.image.alt}
            width={post.image.width}
            height={post.image.height}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
        {post.body ? <div className="prose post__body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.body) }} /> : null}
      </div>
      {post.components?.length ? <RenderBlocks components={post.components} heroIsTitle={false} loaded={blocks} /> : null}
      <div className="container container--narrow post__footer">
        <Link to={path("blog")} className="button button--ghost">
          <span aria-hidden="true">←</span> {t("blog.backToBlog")}
        </Link>
      </div>
    </article>
  );
}
