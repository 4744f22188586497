import { DEFAULT_LOCALE, LOCALES, type Locale, localePrefix } from "./locales.ts";

/**
 * The localized route table of SPEC §2, the one source for the storefront's routes, links and the
 * language switch. `en` is each route's own path; a locale without an entry uses it (the table leaves
 * those cells empty). Paths are React Router patterns.
 */
export const ROUTE_TABLE = {
  product: { en: "/product/:slug?", de: "/produkt/:slug?" },
  login: { en: "/login", hr: "/prijava" },
  register: { en: "/register", hr: "/registracija" },
  profile: { en: "/profile", hr: "/profil", de: "/profil" },
  /** Not in SPEC §2's table: the profile's pages for one saved address (new without an id) and for orders. */
  profileAddress: { en: "/profile/address/:id?", hr: "/profil/adresa/:id?", de: "/profil/adresse/:id?" },
  profileOrders: { en: "/profile/orders", hr: "/profil/narudzbe", de: "/profil/bestellungen" },
  profileOrder: { en: "/profile/orders/:code", hr: "/profil/narudzbe/:code", de: "/profil/bestellungen/:code" },
  cart: { en: "/cart", hr: "/kosarica", de: "/einkaufswagen" },
  checkoutSuccess: { en: "/checkout/success", hr: "/naplata/uspjesna" },
  checkoutFailure: { en: "/checkout/failure" },
  /** Not in SPEC §2's table: a card payment the provider has not confirmed yet, or one staff must check. */
  checkoutPending: { en: "/checkout/pending", hr: "/naplata/provjera", de: "/kasse/pruefung" },
  checkout: { en: "/checkout", hr: "/naplata", de: "/kasse" },
  shop: { en: "/shop/:slug?" },
  categories: { en: "/categories", hr: "/kategorije", de: "/kategorien" },
  search: { en: "/search", hr: "/pretraga", de: "/suche" },
  blog: { en: "/blog/:slug?", hr: "/objave/:slug?" },
  forgotPassword: { en: "/forgot-password", hr: "/zaboravljena-lozinka", de: "/passwort-vergessen" },
  socialLogin: { en: "/social-login" },
  event: { en: "/event/:id", hr: "/dogadjaj/:id", de: "/Veranstaltung/:id" },
  confirmEmail: { en: "/confirm-email", hr: "/potvrdi-email", de: "/bestatigungs-email" },
  /** Not in SPEC §2's table: the newsletter page the footer signup leads to, in the visitor's language. */
  newsletter: { en: "/newsletter" },
  content: { en: "/:slug?" },
} as const satisfies Record<string, { en: string } & Partial<Record<Locale, string>>>;

export type RouteName = keyof typeof ROUTE_TABLE;

/** Routes outside the locale scheme (SPEC §2 'Other routes'); section-tool only outside production. */
export const SYSTEM_ROUTES = {
  sitemap: "/sitemap.xml",
  admin: "/admin",
  adminLogin: "/adminLogin",
  /** The back office (issue 12), one block per area. Site: consents, caches and the settings. */
  adminCache: "/admin/cache",
  adminConsent: "/admin/consent",
  adminConsentDetail: "/admin/consent/:slug",
  adminSettings: "/admin/settings",

  /** Tools: page templates and the non-production tools. */
  adminTemplates: "/admin/templates",
  /** The release notes (non-production): the modal's data, and its page without JavaScript. */
  adminReleases: "/admin/releases",
  /** The domain list's form post (non-production): the domain this staff session prefers. */
  adminDomain: "/admin/domain",

  /** Orders: the list, its CSV, the bank statements' import, one order and its documents. */
  /**
   * In-place editing (issue 13): the editor's calls (one form post naming an endpoint of
   * EDITOR_CALLS), the media library and its streamed upload.
   */
  editorCall: "/admin/editor/call",
  adminMedia: "/admin/media",
  adminMediaUpload: "/admin/media/upload",

  adminOrders: "/admin/orders",
  adminOrdersExport: "/admin/orders/export",
  adminBankStatements: "/admin/orders/bank-statements",
  adminOrder: "/admin/orders/:code",
  adminOrderDocument: "/admin/orders/document/:id",

  /** Catalog. */
  adminCatalog: "/admin/catalog",
  /** One product's editor; `new` for a new one (the same for the others below). */
  adminCatalogProduct: "/admin/catalog/products/:id",
  adminCatalogCategories: "/admin/catalog/categories",
  adminCatalogCategory: "/admin/catalog/categories/:id",
  adminCatalogAttributes: "/admin/catalog/attributes",
  adminCatalogAttribute: "/admin/catalog/attributes/:id",
  adminCatalogCoupons: "/admin/catalog/coupons",
  adminCatalogCoupon: "/admin/catalog/coupons/:id",
  adminCatalogMemberCards: "/admin/catalog/member-cards",
  adminCatalogMemberCard: "/admin/catalog/member-cards/:id",

  /** People: customers and moderation. */
  adminCustomers: "/admin/customers",
  adminCustomer: "/admin/customers/:id",
  /** A customer's data as a JSON download (the same document as their own). */
  adminCustomerData: "/admin/customers/:id/data",
  adminModeration: "/admin/moderation",
  adminSubmissions: "/admin/moderation/submissions",
  adminSubscribers: "/admin/moderation/subscribers",
  adminFailedRequests: "/admin/moderation/failed-requests",
  /** The CSV downloads of moderation: `submissions` or `subscribers`. */
  adminModerationExport: "/admin/moderation/export/:list",

  /** Staff and the audit log. */
  adminStaff: "/admin/staff",
  adminAudit: "/admin/audit",

  sectionTool: "/section-tool",
  logout: "/logout",
  acceptCookies: "/cookies/accept",
  cookieSettings: "/cookies/settings",
  comments: "/comments/:postId",
  formSubmit: "/forms/:id",
  /** Cart form posts (add, update, remove, coupon, card): two segments, never a content slug. */
  cartAction: "/cart/action",
  /** Wishlist toggle and review form posts. */
  wishlistAction: "/wishlist/toggle",
  reviewAction: "/reviews/:productId",
  /** The link in a guest's confirmation e-mail: opens the order in this browser (two segments). */
  orderLink: "/order/open",
  /** One document (receipt, slip) of the order this browser placed or of the logged-in customer's order (three segments). */
  orderDocument: "/order/document/:id",
  /** The logged-in customer's data as a JSON download (two segments, never a content slug). */
  myData: "/account/my-data",
} as const;

export type SystemRouteName = keyof typeof SYSTEM_ROUTES;

export function routePattern(name: RouteName, locale: Locale): string {
  const entry: { en: string } & Partial<Record<Locale, string>> = ROUTE_TABLE[name];
  const path = entry[locale] ?? entry.en;
  return `${localePrefix(locale)}${path}`;
}

export interface RouteEntry {
  id: string;
  name: RouteName;
  locale: Locale;
  path: string;
}

/** Every (route, locale) pair with a unique id: `hr.login`, `en.login`, ... */
export function routeEntries(): RouteEntry[] {
  return LOCALES.flatMap((locale) =>
    (Object.keys(ROUTE_TABLE) as RouteName[]).map((name) => ({
      id: `${locale}.${name}`,
      name,
      locale,
      path: routePattern(name, locale),
    })),
  );
}

/** Fills a pattern's params; an optional param left out is dropped with its slash. */
export function localizedPath(name: RouteName, locale: Locale, params: Record<string, string | number | undefined> = {}): string {
  const filled = routePattern(name, locale).replace(/\/:(\w+)(\?)?/g, (_m, key: string) => {
    const value = params[key];
    return value === undefined || value === "" ? "" : `/${encodeURIComponent(String(value))}`;
  });
  return filled === "" ? "/" : filled;
}

function patternRegex(pattern: string): { re: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern.replace(/\/:(\w+)(\?)?/g, (_m, key: string, optional?: string) => {
    keys.push(key);
    return optional ? "(?:/([^/]+))?" : "/([^/]+)";
  });
  return { re: new RegExp(`^${source === "" ? "/" : source}/?$`), keys };
}

const PREFIXED_FIRST: readonly Locale[] = [
  ...LOCALES.filter((l) => localePrefix(l) !== ""),
  ...LOCALES.filter((l) => localePrefix(l) === ""),
];

export interface RouteMatch {
  name: RouteName;
  locale: Locale;
  params: Record<string, string>;
}

/** Finds which localized route a pathname belongs to; the content catch-all is tried last. */
export function matchLocalizedRoute(pathname: string): RouteMatch | undefined {
  const names: RouteName[] = (Object.keys(ROUTE_TABLE) as RouteName[]).filter((n) => n !== "content");
  names.push("content");
  // Prefixed locales first: hr's catch-all would otherwise claim '/en'.
  for (const locale of PREFIXED_FIRST) {
    for (const name of names) {
      const { re, keys } = patternRegex(routePattern(name, locale));
      const m = re.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      keys.forEach((key, i) => {
        const value = m[i + 1];
        if (value !== undefined) params[key] = decodeURIComponent(value);
      });
      return { name, locale, params };
    }
  }
  return undefined;
}

/** The same page in another language (SPEC §4 Language switch). */
export function switchLocalePath(pathname: string, to: Locale): string {
  const match = matchLocalizedRoute(pathname);
  return match ? localizedPath(match.name, to, match.params) : localizedPath("content", to);
}

/**
 * SPEC §5: an internal redirect target starts with / and uses only letters, digits and @ - % _ ~
 * (and / between segments). '//' is refused: browsers read it as another host.
 */
export function isValidInternalPath(value: unknown): value is string {
  return typeof value === "string" && value.length <= 512 && /^\/(?!\/)[\p{L}\p{N}@\-%_~/]*$/u.test(value) && !value.includes("//");
}

/** The locale a pathname is in: its prefix, or hr (no prefix). */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1] ?? "";
  return (LOCALES as readonly string[]).includes(first) && localePrefix(first as Locale) !== "" ? (first as Locale) : DEFAULT_LOCALE;
}

/** The back office's own pages: the admin and the staff login (their texts load only for them). */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === SYSTEM_ROUTES.adminLogin || pathname === SYSTEM_ROUTES.admin || pathname.startsWith(`${SYSTEM_ROUTES.admin}/`);
}
