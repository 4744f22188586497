import type { PostView } from "@shop/contracts";
import { formatDate } from "@shop/i18n";
import { useLocale } from "../../ui/i18n.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";

/** What a post list shows of a post. */
export type PostCardData = Pick<PostView, "id" | "slug" | "title" | "publishedAt" | "excerpt" | "image" | "terms">;

export function toCardData(post: PostView): PostCardData {
  const { id, slug, title, publishedAt, excerpt, image, terms } = post;
  return { id, slug, title, publishedAt, excerpt, image, terms };
}

/**
 * One post in a list: image (if any), title linking to the post (SPEC §2: a post lives at /{slug}),
 * date, categories and excerpt. The title link is the card's one link to the post.
 */
export function PostCard({ post, headingLevel }: { post: PostCardData; headingLevel: 2 | 3 }) {
  const locale = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`post-card${post.image ? " post-card--image" : ""}`} data-post-id={post.id}>
      {post.image ? (
        <img
          className="post-card__image"
          src={post.image.src}
          alt=""
          width={post.image.width}
          height={post.image.height}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="post-card__body">
        <Heading className="post-card__title">
          <SmartLink to={{ type: "post", slug: post.slug }} className="post-card__link">
            {post.title}
          </SmartLink>
        </Heading>
        <p className="post-card__meta">
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatDate(locale, post.publishedAt, "long")}</time> : null}
          {post.terms.length ? (
            <span className="post-card__terms">
              {post.terms.map((term) => (
                <SmartLink key={term.id} to={{ type: "category", slug: term.slug }} className="post-card__term">
                  {term.title}
                </SmartLink>
              ))}
            </span>
          ) : null}
        </p>
        {post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
      </div>
    </article>
  );
}
