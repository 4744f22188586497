import {
  type CookieOptions,
  cookieOptionsSchema,
  type ElementView,
  type FooterOptions,
  footerOptionsSchema,
  type HeaderOptions,
  headerOptionsSchema,
  type NavigationHandle,
  type NavigationItem,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import type { z } from "zod";
import type { Platform } from "../../platform.server.ts";
import { type LayoutVariant, layoutVariant } from "./layout-variant.ts";

export type { LayoutVariant };

export interface LayoutData {
  variant: LayoutVariant;
  /** The car-wash landing path: its header logo differs (SPEC §1). */
  landing: boolean;
  header: HeaderOptions | null;
  footer: FooterOptions | null;
  cookie: CookieOptions | null;
  navigation: Record<NavigationHandle, NavigationItem[]>;
}

const warned = new Set<string>();
function warnOnce(key: string, message: string) {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`[layout] ${message}`);
}

function parseOptions<S extends z.ZodType>(schema: S, element: ElementView | undefined): z.infer<S> | null {
  if (!element) return null;
  const parsed = schema.safeParse(element.options);
  if (parsed.success) return parsed.data;
  warnOnce(`${element.id}`, `element ${element.id} (${element.handler}) has invalid options; it is left out`);
  return null;
}

async function elements(platform: Platform, variant: LayoutVariant): Promise<Map<string, ElementView>> {
  const result = await platform.callPublic(api.cms.getByHandlers, {
    body: { handlers: ["header-section", "footer-section", "cookie-section"], variant },
  });
  if (!result.ok) {
    warnOnce(`elements:${variant}:${result.status}`, `elements (${variant}) could not be loaded: ${result.message}`);
    return new Map();
  }
  return new Map(result.data.map((e) => [e.handler, e]));
}

async function navigationTree(platform: Platform, handle: NavigationHandle): Promise<NavigationItem[]> {
  const result = await platform.callPublic(api.cms.navigationTree, { params: { id: handle } });
  if (!result.ok) {
    warnOnce(`nav:${handle}:${result.status}`, `navigation ${handle} could not be loaded: ${result.message}`);
    return [];
  }
  return result.data;
}

/** Header, footer, cookie texts and the five navigation sets; every part may be missing. */
export async function loadLayout(platform: Platform, pathname: string): Promise<LayoutData> {
  const { variant, landing } = layoutVariant(pathname);
  const [own, base, main, footer1, footer2, footer3, footer4] = await Promise.all([
    elements(platform, variant),
    // Away from the landing path the car-wash set keeps the usual logo.
    variant === "carwash" && !landing ? elements(platform, "default") : Promise.resolve(null),
    navigationTree(platform, "main"),
    navigationTree(platform, "footer1"),
    navigationTree(platform, "footer2"),
    navigationTree(platform, "footer3"),
    navigationTree(platform, "footer4"),
  ]);
  let header = parseOptions(headerOptionsSchema, own.get("header-section"));
  const baseHeader = base ? parseOptions(headerOptionsSchema, base.get("header-section")) : null;
  if (header && baseHeader) header = { ...header, logo: baseHeader.logo };
  const navigation: Record<NavigationHandle, NavigationItem[]> = { main, footer1, footer2, footer3, footer4 };
  return {
    variant,
    landing,
    header: header ?? baseHeader,
    footer: parseOptions(footerOptionsSchema, own.get("footer-section")),
    cookie: parseOptions(cookieOptionsSchema, own.get("cookie-section")),
    navigation,
  };
}
