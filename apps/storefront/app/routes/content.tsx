import { localeFromPath, type PageView } from "@shop/contracts";
import { data } from "react-router";
import { platformFor } from "../platform.server.ts";
import type { Route } from "./+types/content";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const result = await platformFor(context, request, locale).call<{ page: PageView }>("/v1/finder/decide", {
    query: { slug: params.slug ?? "" },
  });
  if (!result.ok) throw data(null, { status: result.status === 404 || result.status === 400 ? 404 : 500 });
  return { page: result.data.page };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <title>{loaderData.page.title}</title>
      <h1>{loaderData.page.title}</h1>
    </article>
  );
}
