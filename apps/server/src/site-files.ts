import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LOCALES, localizedPath, type RouteName, SYSTEM_ROUTES } from "@shop/contracts";
import pngToIco from "png-to-ico";
import sharp from "sharp";

/**
 * The files every site is asked for at its root: /robots.txt (what crawlers may skip, where the
 * sitemap is) and /favicon.ico (browsers and readers ask for it whatever the page links).
 */

/** Pages of one visitor (cart, checkout, account) and search results: nothing for an index. */
const PRIVATE_ROUTES: readonly RouteName[] = [
  "cart",
  "checkout",
  "checkoutSuccess",
  "checkoutFailure",
  "checkoutPending",
  "profile",
  "login",
  "register",
  "forgotPassword",
  "confirmEmail",
  "socialLogin",
  "search",
];

export function robotsTxt(publicUrl: string): string {
  const paths = new Set<string>(["/api/", "/admin", "/adminLogin", "/section-tool", SYSTEM_ROUTES.logout]);
  for (const name of PRIVATE_ROUTES) for (const locale of LOCALES) paths.add(localizedPath(name, locale));
  // Form posts and fragments (two segments, see the route table): never pages of their own.
  for (const path of [SYSTEM_ROUTES.cartAction, SYSTEM_ROUTES.wishlistAction, SYSTEM_ROUTES.acceptCookies, SYSTEM_ROUTES.cookieSettings]) {
    paths.add(path);
  }
  for (const path of [SYSTEM_ROUTES.comments, SYSTEM_ROUTES.formSubmit, SYSTEM_ROUTES.reviewAction]) paths.add(`${path.split("/:")[0]}/`);
  const lines = ["User-agent: *", ...[...paths].sort().map((p) => `Disallow: ${p}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""];
  return lines.join("\n");
}

/** The site's SVG icon as an ICO with 16, 32 and 48 pixel images. */
export async function faviconIco(clientDir: string): Promise<Buffer> {
  const svg = await readFile(join(clientDir, "favicon.svg"));
  const pngs = await Promise.all([16, 32, 48].map((size) => sharp(svg, { density: 300 }).resize(size, size).png().toBuffer()));
  return pngToIco(pngs);
}
