import { DEFAULT_LOCALE } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { shopContext } from "../context.ts";
import { isMissing } from "../features/errors/platform-failure.ts";
import { sitemapXml } from "../features/seo/sitemap-xml.ts";
import { Platform } from "../platform.server.ts";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml (SPEC §2 Other routes): every published page, post and event per language. */
export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  // Public data, the same for everyone: no session, and cached until the content changes.
  const result = await new Platform(shop, DEFAULT_LOCALE).callPublic(api.seo.sitemapEntries);
  if (!result.ok) {
    // 404: the site owner turned the generated sitemap off (AutoGenerateSiteMap).
    const status = isMissing(result) ? 404 : 503;
    return new Response(status === 404 ? "Not Found\n" : "Service Unavailable\n", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(sitemapXml(result.data, shop.publicUrl), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers may keep it a few minutes; content changes reach them soon enough.
      "Cache-Control": "public, max-age=600",
    },
  });
}
