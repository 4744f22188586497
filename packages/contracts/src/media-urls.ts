import { DEFAULT_MEDIA_SIZE, MEDIA_SIZES } from "./constants.ts";

/** The named sizes of SPEC §9 and the media URLs (SPEC §7 Media URLs); no Zod, so pages can use them. */

// ---------- Named sizes ----------

/** The default size has no fixed box in the spec; 640 px wide fits a content column and a phone at 2x. */
export const MEDIUM_SIZE_WIDTH = 640;

export type MediaSizeName = keyof typeof MEDIA_SIZES | typeof DEFAULT_MEDIA_SIZE;

export interface MediaSizeRule {
  width: number;
  /** No height: only the width bounds the image. */
  height: number | null;
  /**
   * cover: cropped to exactly this box (thumbnails in grids and lists).
   * inside: scaled to fit the box keeping its proportions, never enlarged (a small photo stays sharp).
   */
  fit: "cover" | "inside";
}

/** Every size a /media URL may name; the boxes come from SPEC §9 (MEDIA_SIZES) plus the default. */
export const MEDIA_SIZE_RULES: Readonly<Record<MediaSizeName, MediaSizeRule>> = {
  ThumbnailSize: { ...MEDIA_SIZES.ThumbnailSize, fit: "cover" },
  PortraitSize: { ...MEDIA_SIZES.PortraitSize, fit: "inside" },
  LargeSize: { ...MEDIA_SIZES.LargeSize, fit: "inside" },
  FullHDSize: { ...MEDIA_SIZES.FullHDSize, fit: "inside" },
  [DEFAULT_MEDIA_SIZE]: { width: MEDIUM_SIZE_WIDTH, height: null, fit: "inside" },
};
export const MEDIA_SIZE_NAMES = Object.keys(MEDIA_SIZE_RULES) as MediaSizeName[];

export function isMediaSizeName(value: string): value is MediaSizeName {
  return Object.hasOwn(MEDIA_SIZE_RULES, value);
}

/**
 * The pixel size of an original once resized to a named size: the same arithmetic the server's
 * resize does, so a page can write truthful srcset widths without asking the server.
 */
export function mediaSizeDimensions(size: MediaSizeName, original: { width: number; height: number }): { width: number; height: number } {
  const rule = MEDIA_SIZE_RULES[size];
  if (rule.fit === "cover") return { width: rule.width, height: rule.height ?? rule.width };
  const scale = Math.min(1, rule.width / original.width, rule.height === null ? 1 : rule.height / original.height);
  return { width: Math.max(1, Math.round(original.width * scale)), height: Math.max(1, Math.round(original.height * scale)) };
}

// ---------- URLs ----------

/** Output formats a /media URL may name; the bytes still follow the browser's Accept header. */
export const MEDIA_URL_EXTENSIONS = ["webp", "avif", "jpg", "jpeg", "png"] as const;

export interface MediaUrlParts {
  /** The site the media belongs to (SPEC §7 apiKeyId). */
  apiKeyId: number;
  /** The media's driveId (uuid) or id. */
  ref: string;
  size: MediaSizeName;
  /** Human-readable file name without extension; for people and search engines, not for lookup. */
  title: string;
  ext: string;
  /** sha256 of the original: the URL changes whenever the content does, so it may be cached forever. */
  hash: string;
}

const MEDIA_URL = /^\/media\/(\d+)\/([\w-]+)\/(\w+)\/([^/]+)\.(\w+)\/([a-f0-9]{64})$/;

/** /media/{apiKeyId}/{driveId or id}/{size}/{title}.{ext}/{hash} */
export function mediaUrl(parts: MediaUrlParts): string {
  return `/media/${parts.apiKeyId}/${parts.ref}/${parts.size}/${encodeURIComponent(parts.title)}.${parts.ext}/${parts.hash}`;
}

export function parseMediaUrl(src: string): MediaUrlParts | null {
  const m = MEDIA_URL.exec(src);
  if (!m) return null;
  const [, apiKeyId, ref, size, title, ext, hash] = m;
  if (!size || !isMediaSizeName(size)) return null;
  return { apiKeyId: Number(apiKeyId), ref: ref ?? "", size, title: decodeURIComponent(title ?? ""), ext: ext ?? "", hash: hash ?? "" };
}

/** The same media at another named size. */
export function withMediaSize(src: string, size: MediaSizeName): string | null {
  const parts = parseMediaUrl(src);
  return parts ? mediaUrl({ ...parts, size }) : null;
}

/** A title turned into a URL segment: lower case ASCII letters, digits and hyphens. */
export function mediaUrlTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "media";
}
