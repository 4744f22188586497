import type { Locale } from "@shop/contracts";
import type { Executor } from "@shop/db";

/** Post types with a page of their own on the storefront (/{slug}). */
export const SITEMAP_POST_TYPES = ["page", "post"] as const;

/** Every translation (in the given languages) of every published page and blog post, with its cover image. */
export function publishedPostTranslations(db: Executor, languages: readonly Locale[]) {
  return db
    .selectFrom("posts as p")
    .innerJoin("post_translations as t", "t.post_id", "p.id")
    .leftJoin("post_meta as m", (j) => j.onRef("m.post_id", "=", "p.id").onRef("m.language_code", "=", "t.language_code"))
    .select([
      "p.id",
      "p.post_type",
      "p.published_at",
      "p.updated_at",
      "t.language_code",
      "t.slug",
      "t.body",
      "t.components",
      "m.image as meta_image",
    ])
    .where("p.status", "=", "published")
    .where("p.post_type", "in", [...SITEMAP_POST_TYPES])
    .where("t.language_code", "in", [...languages])
    .orderBy("p.published_at", "desc")
    .orderBy("p.id")
    .execute();
}

/** Every translation (in the given languages) of every published event. */
export function publishedEventTranslations(db: Executor, languages: readonly Locale[]) {
  return db
    .selectFrom("events as e")
    .innerJoin("event_translations as t", "t.event_id", "e.id")
    .select(["e.id", "e.updated_at", "e.image_src", "t.language_code"])
    .where("e.status", "=", "published")
    .where("t.language_code", "in", [...languages])
    .orderBy("e.starts_at", "desc")
    .orderBy("e.id")
    .execute();
}

/** Every translation (in the given languages) of every blog category (SPEC §2 post category page). */
export function postCategoryTranslations(db: Executor, languages: readonly Locale[]) {
  return db
    .selectFrom("terms as term")
    .innerJoin("term_translations as t", "t.term_id", "term.id")
    .select(["term.id", "term.created_at", "t.language_code", "t.slug"])
    .where("term.term_type", "=", "category")
    .where("t.language_code", "in", [...languages])
    .orderBy("term.position")
    .orderBy("term.id")
    .execute();
}

/**
 * Components of published pages in one language that may hold a 'locations' component (where the
 * business lists its branches); the caller parses them to be sure.
 */
export function pagesMentioningLocations(db: Executor, language: Locale) {
  return db
    .selectFrom("posts as p")
    .innerJoin("post_translations as t", "t.post_id", "p.id")
    .select(["t.components"])
    .where("p.status", "=", "published")
    .where("p.post_type", "=", "page")
    .where("t.language_code", "=", language)
    .where("t.components", "like", "%locations%")
    .orderBy("p.id")
    .limit(20)
    .execute();
}
