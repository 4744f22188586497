import {
  HOME_PAGE_SLUG,
  isLocale,
  type Locale,
  localeFromPath,
  localizedPath,
  type PageComponent,
  type PageView,
  ROOT_REDIRECT_STATUS,
} from "@shop/contracts";
import { data, redirect } from "react-router";
import { opensWithHero, RenderBlocks } from "../blocks/registry.tsx";
import { NotFoundPage } from "../features/errors/not-found-page.tsx";
import { platformFor } from "../platform.server.ts";
import { useT } from "../ui/i18n.tsx";
import type { Route } from "./+types/content";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const slug = params.slug ?? "";
  // The home page lives at the language's root, not under its slug.
  if (slug === HOME_PAGE_SLUG) throw redirect(localizedPath("content", locale), ROOT_REDIRECT_STATUS);
  const isHome = slug === "";
  const result = await platformFor(context, request, locale).callPublic<{ type: "page"; page: PageView }>("/v1/finder/decide", {
    query: { slug },
  });
  if (!result.ok) {
    // An unknown (or malformed) slug is the 404 page of SPEC §2, inside the main layout.
    if (result.status === 404 || result.status === 400) return data({ page: null, isHome, alternates: {} }, { status: 404 });
    throw data(result.message, { status: result.status >= 500 || result.status === 0 ? 500 : result.status });
  }
  const page = result.data.page;
  const alternates: Partial<Record<Locale, string>> = {};
  for (const [lang, translated] of Object.entries(page.translations)) {
    if (isLocale(lang)) alternates[lang] = localizedPath("content", lang, { slug: isHome ? undefined : translated });
  }
  return { page, isHome, alternates };
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
  const { page, isHome } = loaderData;
  if (!page) return <NotFoundPage />;
  const heroIsTitle = opensWithHero(page.components);
  const description = describe(page.components) ?? t("site.description");
  return (
    <article className={`page page--${page.slug}`}>
      <title>{isHome ? t("site.name") : page.title}</title>
      <meta name="description" content={description} />
      {heroIsTitle ? null : (
        <header className="page-header container">
          <h1>{page.title}</h1>
        </header>
      )}
      <RenderBlocks components={page.components} heroIsTitle={heroIsTitle} />
    </article>
  );
}
