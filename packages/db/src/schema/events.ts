import type { ColumnType, Generated } from "kysely";

/** Tables of events and comments. Booleans are 0/1 integers and times ISO-8601 text (UTC), as elsewhere. */

type Created = ColumnType<string, string | undefined, never>;

export interface EventsTable {
  id: Generated<number>;
  status: "draft" | "published";
  starts_at: string;
  ends_at: string;
  image_src: string | null;
  image_width: number | null;
  image_height: number | null;
  created_at: Created;
  updated_at: string;
}

export interface EventTranslationsTable {
  id: Generated<number>;
  event_id: number;
  language_code: string;
  slug: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  location_name: string;
  location_address: string;
  image_alt: string;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  /** Plain text as written (control characters removed); escaped wherever it is shown. */
  content: string;
  published: number;
  /**
   * The author's id while OneUserOneComment applies, else null. A unique index on (post_id,
   * single_author) makes 'one comment per user' hold even for parallel requests; nulls never collide.
   */
  single_author: number | null;
  created_at: Created;
  updated_at: string;
}

export interface EventsTables {
  events: EventsTable;
  event_translations: EventTranslationsTable;
  comments: CommentsTable;
}
