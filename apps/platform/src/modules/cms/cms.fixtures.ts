import type { TestPlatform } from "../../test-support.ts";

/** Rows for the CMS API tests, written straight to the test database. */

export async function backofficeToken(p: TestPlatform): Promise<string> {
  const admin = await p.createUser({ isBackoffice: true });
  return (await p.login(admin)).accessToken;
}

export async function customerToken(p: TestPlatform): Promise<string> {
  return (await p.login(await p.createUser())).accessToken;
}

export async function insertTerm(
  p: TestPlatform,
  translations: { lang: string; slug: string; title: string }[],
  options: { type?: string; position?: number } = {},
): Promise<number> {
  const term = await p.db
    .insertInto("terms")
    .values({ term_type: options.type ?? "category", position: options.position ?? 0, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await p.db
    .insertInto("term_translations")
    .values(
      translations.map((t) => ({
        term_id: term.id,
        language_code: t.lang,
        slug: t.slug,
        title: t.title,
        description: `${t.title} – opis`,
      })),
    )
    .execute();
  return term.id;
}

export interface PostFixture {
  type?: string;
  status?: "draft" | "published";
  publishedAt?: string | null;
  terms?: number[];
  translations: { lang: string; slug: string; title: string; body?: string; components?: unknown[]; excerpt?: string }[];
}

export async function insertPost(p: TestPlatform, fixture: PostFixture): Promise<number> {
  const now = new Date().toISOString();
  const status = fixture.status ?? "published";
  const post = await p.db
    .insertInto("posts")
    .values({
      post_type: fixture.type ?? "post",
      status,
      published_at: fixture.publishedAt === undefined ? (status === "published" ? now : null) : fixture.publishedAt,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const t of fixture.translations) {
    await p.db
      .insertInto("post_translations")
      .values({
        post_id: post.id,
        language_code: t.lang,
        slug: t.slug,
        title: t.title,
        body: t.body ?? `<p>${t.title} – tekst objave.</p>`,
        components: JSON.stringify(t.components ?? []),
      })
      .execute();
    if (t.excerpt)
      await p.db.insertInto("post_meta").values({ post_id: post.id, language_code: t.lang, excerpt: t.excerpt, image: null }).execute();
  }
  if (fixture.terms?.length)
    await p.db
      .insertInto("post_terms")
      .values(fixture.terms.map((term_id) => ({ post_id: post.id, term_id })))
      .execute();
  return post.id;
}

/** Days before now as ISO text. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}
