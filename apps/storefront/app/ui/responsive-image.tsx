import {
  DEFAULT_MEDIA_SIZE,
  type ImageData,
  MEDIA_SIZE_NAMES,
  MEDIA_SIZE_RULES,
  type MediaSizeName,
  mediaSizeDimensions,
  withMediaSize,
} from "@shop/contracts";

/**
 * Sizes that keep the picture's proportions (ThumbnailSize is a square crop): the srcset
 * candidates. The default size first, so when a small original makes several sizes alike, the one
 * the src already names is offered (one download, one cached file).
 */
const DEFAULT_FIRST: MediaSizeName[] = [DEFAULT_MEDIA_SIZE, ...MEDIA_SIZE_NAMES.filter((size) => size !== DEFAULT_MEDIA_SIZE)];
const PROPORTIONAL_SIZES = DEFAULT_FIRST.filter((size) => MEDIA_SIZE_RULES[size].fit === "inside");

/**
 * The srcset of a /media URL: the same media at every proportional named size, with the width the
 * server will really make (never enlarged, so a small original offers fewer candidates). Null for
 * other URLs or when the original's size is unknown.
 */
export function mediaSrcSet(image: ImageData): string | null {
  if (!image.width || !image.height) return null;
  const original = { width: image.width, height: image.height };
  const byWidth = new Map<number, string>();
  for (const size of PROPORTIONAL_SIZES) {
    const url = withMediaSize(image.src, size);
    if (!url) return null;
    const { width } = mediaSizeDimensions(size, original);
    if (!byWidth.has(width)) byWidth.set(width, url);
  }
  return [...byWidth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(", ");
}

export interface ResponsiveImageProps {
  image: ImageData;
  /** How wide the image is drawn, as the sizes attribute says it (e.g. "(min-width: 800px) 50vw, 100vw"). */
  sizes: string;
  /** The page's main image (LCP): fetched at once and first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An image from the media library at the size the layout needs: the browser picks from srcset by
 * sizes and its pixel density, and the server answers in WebP or AVIF when the browser takes them.
 * width and height reserve the space before it loads (no layout shift).
 */
export function ResponsiveImage({ image, sizes, priority = false, className }: ResponsiveImageProps) {
  const srcSet = mediaSrcSet(image);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
