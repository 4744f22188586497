import { isBackOfficePath, localeFromPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { type MiddlewareFunction, redirect } from "react-router";
import { platformFor } from "../../platform.server.ts";
import { isMissing } from "./platform-failure.ts";

/**
 * Root middleware: before any page answers 404 (an unknown slug, post, product, category or a path
 * no route claims), a redirect configured by staff answers 301/302; otherwise the miss is recorded
 * for editors (SPEC §7 redirect/addFailedRequest). Neither call may turn the 404 into an error page.
 * A missing record in the back office (an erased customer's page) is no visitor's broken link.
 */
export const redirectMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (response.status !== 404 || request.method !== "GET") return response;
  const pathname = pagePath(new URL(request.url).pathname);
  if (isBackOfficePath(pathname)) return response;
  const platform = platformFor(context, request, localeFromPath(pathname));
  const configured = await platform.call(api.cms.resolveRedirect, { query: { path: pathname } });
  if (configured.ok) return redirect(configured.data.toPath, configured.data.status);
  if (isMissing(configured)) await platform.call(api.cms.addFailedRequest, { body: { path: pathname } });
  return response;
};

/** The page's path: a client-side navigation asks for its data at the path plus '.data'. */
function pagePath(pathname: string): string {
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
