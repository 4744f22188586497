import type { ColumnType, Generated } from "kysely";

/** One original in the media library (SPEC §3 Media). Booleans are 0/1, times ISO text. */
export interface MediaTable {
  id: Generated<number>;
  /** Stable public identifier (uuid) used in /media URLs instead of the sequential id. */
  drive_id: string;
  version: number;
  title: string;
  description: string;
  /** Bytes of the original. */
  size: number;
  /** Storage key under the media folder, made by the server (e.g. originals/ab/<uuid>.jpg); never the uploaded name. */
  path: string;
  extension: string;
  mime: string;
  access: "public" | "private";
  original_name: string;
  /** sha256 (hex) of the original's bytes: the last segment of every URL of it. */
  hash: string;
  width: number | null;
  height: number | null;
  is_default: number;
  created_at: ColumnType<string, string | undefined, never>;
  /** Focal point in percent of the width and height (0–100): what a cropped size keeps in view (migration 0030). */
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
}

/** Title, description and alt text of a media in one language (hr, en, de); hr is the fallback (migration 0030). */
export interface MediaTranslationsTable {
  id: Generated<number>;
  media_id: number;
  language_code: string;
  title: string;
  description: string;
  alt: string;
}

/** The named sizes (SPEC §3 Media option): key ThumbnailSize etc., x × y box, value the fit (cover | inside). */
export interface MediaOptionsTable {
  id: Generated<number>;
  key: string;
  value: string;
  auto_resize: number;
  x: number;
  /** Null when only the width bounds the size (MediumSize). */
  y: number | null;
}

/** An original's bytes under its storage key, where MEDIA_STORE=database keeps them (every instance reads them). */
export interface MediaBlobsTable {
  key: string;
  bytes: Uint8Array;
  created_at: string;
}

/** Tables of media library rows, their generated sizes and (in the database store) their originals. */
export interface MediaTables {
  media: MediaTable;
  media_options: MediaOptionsTable;
  media_blobs: MediaBlobsTable;
  media_translations: MediaTranslationsTable;
}
