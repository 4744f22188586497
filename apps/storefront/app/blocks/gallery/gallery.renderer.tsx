import { ResponsiveImage } from "../../ui/responsive-image.tsx";
import { Heading } from "../block-image.tsx";
import type { BlockProps } from "../block-props.ts";

/** The widest cell at each column count of the grid (cells of at least 220 px, 1rem apart, in the 1200 px container). */
const GALLERY_SIZES = "(min-width: 976px) 276px, (min-width: 740px) 300px, (min-width: 488px) 340px, calc(100vw - 32px)";

export function GalleryBlock({ data, headingLevel, anchor }: BlockProps<"gallery">) {
  if (data.images.length === 0) return null;
  return (
    <section id={anchor} className="block gallery container">
      {data.title ? <Heading level={headingLevel}>{data.title}</Heading> : null}
      <ul className="gallery__grid">
        {data.images.map((image) => (
          <li key={image.src} className="gallery__item">
            <ResponsiveImage image={image} sizes={GALLERY_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
