import { COOKIE, type Locale, localeFromPath, type UserView } from "@shop/contracts";
import { Component, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { shopContext } from "./context.ts";
import { getSession } from "./features/account/session.server.ts";
import { readCookie } from "./platform.server.ts";
import stylesUrl from "./styles.css?url";
import { I18nProvider, useT } from "./ui/i18n.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export interface RootData {
  locale: Locale;
  user: UserView | null;
  options: Record<string, string>;
  maintenance: boolean;
  acceptedCookies: string | null;
  production: boolean;
  nonce: string;
}

/** Paths that stay reachable in maintenance mode, so staff can log in. */
const MAINTENANCE_OPEN = new Set(["/prijava", "/en/login", "/de/login", "/adminLogin", "/logout"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const session = await getSession(request, context, locale);
  const optionsResult = await session.platform.call<{ records: { key: string; value: string }[] }>("/v1/option/filter");
  const options = optionsResult.ok ? Object.fromEntries(optionsResult.data.records.map((r) => [r.key, r.value])) : {};
  const maintenance = options.MaintenanceMode === "true" && !session.user?.isBackofficeUser && !MAINTENANCE_OPEN.has(url.pathname);
  const headers = new Headers();
  for (const cookie of session.setCookies) headers.append("Set-Cookie", cookie);
  const body: RootData = {
    locale,
    user: session.user,
    options,
    maintenance,
    acceptedCookies: readCookie(request, COOKIE.acceptedCookies) ?? null,
    production: shop.production,
    nonce: shop.nonce,
  };
  return data(body, { status: maintenance ? 503 : 200, headers });
}

export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("root data missing");
  return root;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? "hr";
  const nonce = root?.nonce;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
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
  if (loaderData.maintenance) return <MaintenancePage />;
  return <Outlet />;
}

function MaintenancePage() {
  const t = useT();
  return (
    <main className="maintenance" id="main">
      <title>{t("maintenance.title")}</title>
      <h1>{t("maintenance.title")}</h1>
      <p>{t("maintenance.text")}</p>
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
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (typeof error.data === "string" ? error.data : error.statusText) : t("error.generic");
  return (
    <main className="error-layout" id="main">
      <title>{`${status} – ${t("error.title")}`}</title>
      <p className="error-layout__status">{status}</p>
      <h1>{t("error.title")}</h1>
      <p>{message || t("error.generic")}</p>
      <a className="button" href="/">
        {t("notFound.home")}
      </a>
    </main>
  );
}
