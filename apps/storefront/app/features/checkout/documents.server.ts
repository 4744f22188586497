import { type DocumentView, type Locale, localeFromPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { documentIdParams } from "@shop/contracts/schemas/documents.ts";
import { translator } from "@shop/i18n";
import type { RouterContextProvider } from "react-router";
import type { Platform } from "../../platform.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { failurePage, isMissing } from "../errors/platform-failure.ts";
import { NO_STORE } from "./checkout.server.ts";
import { readOrderAccess } from "./checkout-cookies.server.ts";

/**
 * SPEC §7 Documents on the success page and in my orders: the order's receipt and slip to download.
 * The browser that placed the order presents its token; a logged-in customer's own orders need none.
 */

/** The order's documents; none when the platform does not show this caller the order. */
export async function loadOrderDocuments(platform: Platform, locale: Locale, code: string, token?: string): Promise<DocumentView[]> {
  const result = await platform.call(api.documents.filter, { body: { orderCode: code }, headers: token ? { orderToken: token } : {} });
  if (result.ok) return result.data.records;
  if (isMissing(result)) return [];
  throw failurePage(result, translator(locale));
}

const notFound = () => new Response("Not found", { status: 404, headers: NO_STORE });

/** GET /order/document/:id: the PDF as a download, with the token this browser keeps for that order, or as its owner; else 404. */
export async function loadOrderDocument(args: { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } }) {
  const url = new URL(args.request.url);
  const locale = localeFromPath(url.searchParams.get("from") ?? "/");
  const params = documentIdParams.safeParse({ id: args.params.id });
  if (!params.success) return notFound();
  const access = readOrderAccess(args.request);
  const token = access && params.data.id.endsWith(`-${access.code}`) ? access.token : undefined;
  const { platform } = await sessionOf(args.context);
  const result = await platform.call(api.documents.get, { params: params.data, headers: token ? { orderToken: token } : {} });
  if (!result.ok) {
    if (isMissing(result)) return notFound();
    throw failurePage(result, translator(locale));
  }
  return new Response(Buffer.from(result.data.base64, "base64"), {
    headers: {
      ...NO_STORE,
      "Content-Type": result.data.contentType,
      "Content-Disposition": `attachment; filename="${result.data.filename}"`,
    },
  });
}
