import { ResponsiveImage } from "../../ui/responsive-image.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";
import { sanitizeHtml } from "../sanitize-html.ts";

/** Half of the 1200 px container beside the text from 800 px on (3rem gap, 1.5rem padding), else its full width. */
const IMAGE_TEXT_SIZES = "(min-width: 1248px) 552px, (min-width: 800px) calc(50vw - 48px), calc(100vw - 32px)";

export function ImageTextBlock({ data, headingLevel, anchor, priority }: BlockProps<"imageText">) {
  return (
    <section id={anchor} className={`block image-text image-text--${data.imageSide} container`}>
      <div className="image-text__media">
        <ResponsiveImage image={data.image} sizes={IMAGE_TEXT_SIZES} priority={priority} />
      </div>
      <div className="image-text__body">
        <Heading level={headingLevel}>{data.title}</Heading>
        <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.html) }} />
      </div>
    </section>
  );
}
