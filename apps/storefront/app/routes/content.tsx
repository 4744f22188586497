import {
  HOME_PAGE_SLUG,
  isLocale,
  type Locale,
  localeFromPath,
  localizedPath,
  type PageComponent,
  ROOT_REDIRECT_STATUS,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { lazy, Suspense } from "react";
import { data, redirect } from "react-router";
import { loadBlocks } from "../blocks/registry.server.ts";
import { opensWithHero, RenderBlocks } from "../blocks/registry.tsx";
import { shopContext } from "../context.ts";
import { sessionOf } from "../features/account/session-context.server.ts";
import { PostArticle } from "../features/blog/post-article.tsx";
import { loadComments } from "../features/comments/comments.server.ts";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { failurePage, isMissing } from "../features/errors/platform-failure.ts";
import { layoutVariant } from "../features/layout/layout-variant.ts";
import { platformFor } from "../platform.server.ts";
import { useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/content";
import "../styles/content.css";

function alternatesOf(translations: Record<string, string>, isHome: boolean): Partial<Record<Locale, string>> {
  const alternates: Partial<Record<Locale, string>> = {};
  for (const [lang, translated] of Object.entries(translations)) {
    if (isLocale(lang)) alternates[lang] = localizedPath("content", lang, { slug: isHome ? undefined : translated });
  }
  return alternates;
}

/** Edit mode's chunk: only backoffice users in edit mode load it, so visitors' JavaScript does not grow. */
const EditMode = lazy(() => import("../features/editor/edit-mode.tsx"));

/**
 * SPEC §2 for backoffice users: `editPage=true` is edit mode, `mobileView=true` the draft without
 * the editor (the phone preview's frame). Both show drafts and unpublished pages; anyone else gets
 * the page as visitors see it.
 */
async function staffView(url: URL, context: Route.LoaderArgs["context"], locale: Locale, slug: string, isHome: boolean) {
  const mode = url.searchParams.get("editPage") === "true" ? "edit" : url.searchParams.get("mobileView") === "true" ? "mobile" : null;
  if (!mode) return null;
  const session = await sessionOf(context);
  if (!session.user?.isBackofficeUser) return null;
  const result = await session.platform.withLocale(locale).call(api.pageEditor.decide, { query: { params: slug } });
  if (!result.ok) {
    if (isMissing(result)) return data({ kind: "notFound" as const, alternates: {} }, { status: 404 });
    throw failurePage(result, translator(locale));
  }
  const editable = result.data;
  const version = editable.draft ?? editable.published;
  const components = version?.components ?? [];
  const blocks = await loadBlocks(session.platform.withLocale(locale), components, translator(locale));
  const alternates = alternatesOf(editable.translations, isHome);
  const page = { ...editable, slug: version?.slug ?? slug, title: version?.title ?? "", components };
  // Edit mode shows the same page first, and the editor in its place once its chunk is here.
  // The layout's element variant (SPEC §1) for the header/footer editor, so its chunk needs no copy of the rule.
  const edit = mode === "edit" ? { editable, variant: layoutVariant(url.pathname).variant } : undefined;
  return data({ kind: "page" as const, page, isHome, alternates, blocks, edit });
}

/** The catch-all content route (SPEC §2): pages made of components, and posts at /{slug}. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const slug = params.slug ?? "";
  // The home page lives at the language's root, not under its slug.
  if (slug === HOME_PAGE_SLUG) throw redirect(localizedPath("content", locale), ROOT_REDIRECT_STATUS);
  const isHome = slug === "";
  const staff = await staffView(url, context, locale, slug, isHome);
  if (staff) return staff;
  const platform = platformFor(context, request, locale);
  const result = await platform.callPublic(api.cms.decide, { query: { params: slug } });
  if (!result.ok) {
    // An unknown (or malformed) slug is the 404 page of SPEC §2, inside the main layout.
    if (isMissing(result)) return data({ kind: "notFound" as const, alternates: {} }, { status: 404 });
    throw failurePage(result, translator(locale));
  }
  const decision = result.data;
  const view = decision.type === "page" ? decision.page : decision.post;
  // A publish of this page (or a change of a master section on it) drops exactly its cached addresses (ADR 25).
  const { cacheTags } = context.get(shopContext);
  cacheTags.add(`page:${view.id}`);
  for (const c of view.components ?? []) if (c.master !== undefined) cacheTags.add(`master:${c.master}`);
  // Reached by another language's slug: the address of this language's version.
  if (!isHome && view.slug !== slug) throw redirect(`${localizedPath("content", locale, { slug: view.slug })}${url.search}`, 301);
  const alternates = alternatesOf(view.translations, isHome);
  const components = view.components ?? [];
  const blocks = await loadBlocks(platform, components, translator(locale));
  if (decision.type === "page") return data({ kind: "page" as const, page: decision.page, isHome, alternates, blocks, edit: undefined });
  const session = await sessionOf(context);
  const comments = await loadComments(session.platform, decision.post.id);
  return data({
    kind: "post" as const,
    post: decision.post,
    comments,
    alternates,
    blocks,
    publicUrl: context.get(shopContext).publicUrl,
  });
}

function describe(components: PageComponent[]): string | undefined {
  for (const c of components) {
    const text = c.data.text ?? c.data.html;
    if (typeof text === "string" && text.trim()) {
      const plain = text
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain;
    }
  }
  return undefined;
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "notFound") return <NotFoundPage />;
  if (loaderData.kind === "post") {
    const { post, comments, publicUrl, blocks } = loaderData;
    return (
      <>
        <title>{post.title}</title>
        <meta name="description" content={post.excerpt || t("site.description")} />
        <PostArticle post={post} publicUrl={publicUrl} blocks={blocks} />
        <div className="container container--narrow post-comments">
          <CommentsSection postId={post.id} data={comments} />
        </div>
      </>
    );
  }
  const { page, isHome, blocks, edit } = loaderData;
  const heroIsTitle = opensWithHero(page.components);
  const description = describe(page.components) ?? t("site.description");
  const content = (
    <>
      {heroIsTitle ? null : (
        <header className="page-header container">
          <h1>{page.title}</h1>
        </header>
      )}
      <RenderBlocks components={page.components} heroIsTitle={heroIsTitle} loaded={blocks} />
    </>
  );
  return (
    <article className={`page page--${page.slug}`}>
      <title>{isHome ? t("site.name") : page.title}</title>
      <meta name="description" content={description} />
      {edit ? (
        <Suspense fallback={content}>
          <EditMode {...edit} loaded={blocks} page={content} />
        </Suspense>
      ) : (
        content
      )}
    </article>
  );
}
