import { BlockImage, Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import { sanitizeHtml } from "../sanitize-html.ts";

export function ImageTextBlock({ data, headingLevel, anchor, priority }: BlockProps<"imageText">) {
  return (
    <section id={anchor} className={`block image-text image-text--${data.imageSide} container`}>
      <div className="image-text__media">
        <BlockImage image={data.image} priority={priority} />
      </div>
      <div className="image-text__body">
        <Heading level={headingLevel}>{data.title}</Heading>
        <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.html) }} />
      </div>
    </section>
  );
}
