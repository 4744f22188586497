import {
  COOKIE,
  isBackOfficePath,
  type Locale,
  localeFromPath,
  MAINTENANCE_MESSAGE_OPTION,
  maintenanceMessages,
  SYSTEM_ROUTES,
  type UserView,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { businessYear } from "@shop/i18n";
import { Component, type ReactNode } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { shopContext } from "./context.ts";
import { readCookie } from "./cookies.server.ts";
import { sessionMiddleware, sessionOf } from "./features/account/session-context.server.ts";
import { adminLocale } from "./features/admin/admin.server.ts";
import { ErrorView } from "./features/errors/error-view.tsx";
import { redirectMiddleware } from "./features/errors/redirects.server.ts";
import { Logo } from "./features/layout/logo.tsx";
import { loadSeo } from "./features/seo/seo.server.ts";
import { SeoHead, type SeoRootData } from "./features/seo/seo-head.tsx";
import stylesUrl from "./styles.css?url";
import { I18nProvider, useT } from "./ui/i18n.tsx";
import { loadAdminMessages } from "./ui/messages.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, redirectMiddleware];

export interface RootData {
  locale: Locale;
  user: UserView | null;
  options: Partial<Record<(typeof CLIENT_OPTION_KEYS)[number], string>>;
  maintenance: boolean;
  /** The staff's own words for the maintenance page, in the page's language (else Croatian); null: none. */
  maintenanceMessage: string | null;
  /** Whether the server keeps a page cache: the admin bar's caches entry shows only then (SPEC §2). */
  cacheServer: boolean;
  acceptedCookies: string | null;
  production: boolean;
  nonce: string;
  /** See `ShopContext.viewKey`: the cart forms' keys before scripts run. */
  viewKey: string;
  seo: SeoRootData;
  /** For the copyright line: taken here, so the server's render and the browser's hydration agree at New Year. */
  year: number;
}

const CLIENT_OPTION_KEYS = ["CopyrightText"] as const;

const isAdminPath = (pathname: string) => pathname === SYSTEM_ROUTES.admin || pathname.startsWith(`${SYSTEM_ROUTES.admin}/`);

/** Paths that stay reachable in maintenance mode, so staff can log in. */
const MAINTENANCE_OPEN = new Set(["/prijava", "/en/login", "/de/login", "/adminLogin", "/logout"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const session = await sessionOf(context);
  // SPEC §6: the back office speaks its staff user's own language, whatever the address says.
  const locale = isAdminPath(url.pathname) && session.user?.isBackofficeUser ? adminLocale(session.user) : localeFromPath(url.pathname);
  const seo = loadSeo(context, locale);
  if (isBackOfficePath(url.pathname) || session.user?.isBackofficeUser) await loadAdminMessages();
  // Staff see more options than visitors, so only the anonymous answer is shared.
  const optionsResult = await session.platform.callShared(api.settings.optionFilter, { query: {} });
  const all = optionsResult.ok ? Object.fromEntries(optionsResult.data.records.map((r) => [r.key, r.value])) : {};
  // Only what the page shows travels to the browser.
  const options = Object.fromEntries(CLIENT_OPTION_KEYS.flatMap((k) => (all[k] === undefined ? [] : [[k, all[k]]])));
  const maintenance = all.MaintenanceMode === "true" && !session.user?.isBackofficeUser && !MAINTENANCE_OPEN.has(url.pathname);
  const body: RootData = {
    locale,
    user: session.user,
    options,
    maintenance,
    maintenanceMessage: maintenance ? maintenanceMessageIn(all[MAINTENANCE_MESSAGE_OPTION], locale) : null,
    cacheServer: shop.cacheServer,
    acceptedCookies: readCookie(request, COOKIE.acceptedCookies) ?? null,
    production: shop.production,
    nonce: shop.nonce,
    viewKey: shop.viewKey,
    seo: await seo,
    year: businessYear(),
  };
  return data(body, { status: maintenance ? 503 : 200 });
}

function maintenanceMessageIn(stored: string | undefined, locale: Locale): string | null {
  const messages = maintenanceMessages(stored);
  return messages[locale] || messages.hr || null;
}

export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("root data missing");
  return root;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const nonce = root?.nonce;
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        {/* Marks that scripts run, so menus that need them collapse only then (no-JS visitors see them open). */}
        <script nonce={nonce} suppressHydrationWarning>
          {"document.documentElement.dataset.js=1"}
        </script>
        <Meta />
        <Links />
        {root ? <SeoHead seo={root.seo} locale={locale} /> : null}
      </head>
      <body>
        <I18nProvider locale={locale}>{children}</I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  if (loaderData.maintenance) return <MaintenancePage message={loaderData.maintenanceMessage} />;
  return <Outlet />;
}

/** SPEC §1: everyone but backoffice users sees this while the shop is in maintenance mode. */
function MaintenancePage({ message }: { message: string | null }) {
  const t = useT();
  return (
    <main className="maintenance" id="main">
      <title>{t("maintenance.title")}</title>
      <div className="maintenance__card">
        <Logo image={null} link={false} />
        <h1>{t("maintenance.title")}</h1>
        <p>{t("maintenance.text")}</p>
        {message ? <p className="maintenance__message">{message}</p> : null}
        <p className="maintenance__note">{t("maintenance.note")}</p>
      </div>
    </main>
  );
}

/** If the error page itself fails, SPEC §2 wants this plain text with a link home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return (
        <main id="main">
          <p>An error occurred while showing the error page</p>
          <a href="/">Home</a>
        </main>
      );
    }
    return this.props.children;
  }
}

export function ErrorBoundary() {
  return (
    <ErrorPageGuard>
      <ErrorLayout />
    </ErrorPageGuard>
  );
}

function ErrorLayout() {
  const error = useRouteError();
  return <ErrorView error={error} standalone />;
}
