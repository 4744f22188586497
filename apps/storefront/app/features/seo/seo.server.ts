import type { Locale } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { RouterContextProvider } from "react-router";
import { shopContext } from "../../context.ts";
import { Platform } from "../../platform.server.ts";
import type { SeoRootData } from "./seo-head.tsx";

/**
 * The head's data for every page: the public origin (canonical and alternate links are absolute)
 * and the business as JSON-LD, which is the same for every visitor and so comes from the public-data
 * cache after the first page.
 */
export async function loadSeo(context: Readonly<RouterContextProvider>, locale: Locale): Promise<SeoRootData> {
  const shop = context.get(shopContext);
  // Asked without the visitor's token: the answer is public and must not depend on a session.
  const business = await new Platform(shop, locale).callPublic(api.seo.localBusiness);
  return { publicUrl: shop.publicUrl, business: business.ok ? business.data : null };
}
