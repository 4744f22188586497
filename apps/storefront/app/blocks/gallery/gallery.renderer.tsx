import { BlockImage, Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

export function GalleryBlock({ data, headingLevel, anchor }: BlockProps<"gallery">) {
  if (data.images.length === 0) return null;
  return (
    <section id={anchor} className="block gallery container">
      {data.title ? <Heading level={headingLevel}>{data.title}</Heading> : null}
      <ul className="gallery__grid">
        {data.images.map((image) => (
          <li key={image.src} className="gallery__item">
            <BlockImage image={image} />
          </li>
        ))}
      </ul>
    </section>
  );
}
