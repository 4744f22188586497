import { PostCard } from "../../features/blog/post-card.tsx";
import { SmartLink } from "../../ui/smart-link.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import "../../styles/content.css";

/** Title and the newest posts (of a category or all) with a link to the blog; nothing when there are none. */
export function LatestPostsBlock({ data, loaded: posts, headingLevel, anchor }: BlockProps<"latestPosts">) {
  if (posts.length === 0) return null;
  const titleId = `${anchor}-title`;
  return (
    <section id={anchor} className="block latest-posts container" aria-labelledby={titleId}>
      <div className="latest-posts__header">
        <Heading level={headingLevel} className="latest-posts__title">
          <span id={titleId}>{data.title}</span>
        </Heading>
        {data.link ? (
          <SmartLink to={data.link.href} className="latest-posts__all">
            {data.link.label}
          </SmartLink>
        ) : null}
      </div>
      <ul className="latest-posts__list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} headingLevel={headingLevel === 1 ? 2 : 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
