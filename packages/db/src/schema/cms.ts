import type { ColumnType, Generated } from "kysely";

type Id = Generated<number>;
type Created = ColumnType<string, string | undefined, never>;

/** Kinds of posts ('page', 'post', ...); posts.post_type holds the slug. 'page' and 'post' are built in. */
export interface PostTypesTable {
  id: Id;
  slug: string;
  created_at: Created;
}

export interface PostTypeTranslationsTable {
  id: Id;
  post_type_id: number;
  language_code: string;
  title: string;
}

/** Blog categories and tags; term_type is what term/filterStandard's termTypeTitles match. */
export interface TermsTable {
  id: Id;
  term_type: string;
  position: number;
  created_at: Created;
}

export interface TermTranslationsTable {
  id: Id;
  term_id: number;
  language_code: string;
  slug: string;
  title: string;
  description: string;
}

export interface PostTermsTable {
  post_id: number;
  term_id: number;
}

/** What a post list shows besides the title: a short excerpt and a cover image (JSON ImageData or null), per language. */
export interface PostMetaTable {
  id: Id;
  post_id: number;
  language_code: string;
  excerpt: string;
  image: string | null;
}

/** A section shared by every page that places `{ master: id }` among its components (SPEC §2 master/child sections). */
export interface MasterComponentsTable {
  id: Id;
  template: string;
  title: string;
  created_at: Created;
  updated_at: string;
}

export interface MasterComponentTranslationsTable {
  id: Id;
  master_id: number;
  language_code: string;
  /** The template's data as JSON text. */
  data: string;
}

/** Configured redirects: an old path answers 301 or 302 to a new one. */
export interface RedirectsTable {
  id: Id;
  from_path: string;
  to_path: string;
  status: number;
  created_at: Created;
}

/** Paths that ended in a 404, with how often (redirect/addFailedRequest). */
export interface FailedRequestsTable {
  id: Id;
  path: string;
  hits: number;
  first_seen_at: string;
  last_seen_at: string;
}

/** A page's (or post's) unpublished version in one language: only staff see it (issue 13, ADR 25). */
export interface PostDraftsTable {
  id: Id;
  post_id: number;
  language_code: string;
  slug: string;
  title: string;
  /** The components as JSON text, as post_translations.components. */
  components: string;
  /** Counts the draft's saves from 1: a save is applied only on the version it was based on. */
  version: number;
  saved_by_id: number | null;
  saved_by_name: string | null;
  saved_at: string;
}

/** What one publish (or restore) of a page in one language made live. */
export interface PostRevisionsTable {
  id: Id;
  post_id: number;
  language_code: string;
  /** The published version it became. */
  version: number;
  slug: string;
  title: string;
  components: string;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  /** The revision a restore published again. */
  restored_from: number | null;
}

/** Who edits a page in one language, until `expires_at` (renewed by the editor's heartbeat). */
export interface EditLocksTable {
  id: Id;
  post_id: number;
  language_code: string;
  user_id: number;
  user_name: string;
  expires_at: string;
  /** The editor a take-over took the lock from. */
  taken_from_id: number | null;
}

/** Tables of terms, post types, post-term links, post meta, master components, redirects and failed requests. */
export interface CmsTables {
  post_types: PostTypesTable;
  post_type_translations: PostTypeTranslationsTable;
  terms: TermsTable;
  term_translations: TermTranslationsTable;
  post_terms: PostTermsTable;
  post_meta: PostMetaTable;
  master_components: MasterComponentsTable;
  master_component_translations: MasterComponentTranslationsTable;
  redirects: RedirectsTable;
  failed_requests: FailedRequestsTable;
  post_drafts: PostDraftsTable;
  post_revisions: PostRevisionsTable;
  edit_locks: EditLocksTable;
}
