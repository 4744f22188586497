import type { MediaRef } from "@shop/contracts";
import { useState } from "react";
import { useT } from "../../ui/i18n.tsx";

/**
 * The product's images: one large, the rest as thumbnails. Each thumbnail is a link to its image
 * (without JavaScript it opens it); with JavaScript it shows it as the large one. A chosen variant's
 * own images come first and become the large one (the caller keys the gallery by them, so it starts
 * again at the first).
 */
export function Gallery({ media, name }: { media: MediaRef[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const main = media[Math.min(index, media.length - 1)];
  if (!main) {
    return (
      <div className="gallery gallery--empty" role="img" aria-label={name}>
        <span aria-hidden="true">{name.slice(0, 1)}</span>
      </div>
    );
  }
  return (
    <div className="gallery">
      <figure className="gallery__main">
        <img
          src={main.src}
          alt={main.alt || name}
          width={main.width}
          height={main.height}
          loading="eager"
          fetchPriority="high"
          decoding="async"
        />
      </figure>
      {media.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t("product.gallery")}>
          {media.map((m, i) => (
            <li key={m.src}>
              <a
                href={m.src}
                className="gallery__thumb"
                aria-current={i === index ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setIndex(i);
                }}
              >
                <img
                  src={m.src}
                  alt={t("product.showImage", { n: i + 1, name: m.alt || name })}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
