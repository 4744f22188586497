import { type CartView, localeFromPath, SYSTEM_ROUTES } from "@shop/contracts";
import { lazy, type ReactNode, Suspense } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { shopContext } from "../context.ts";
import { flashOf } from "../features/account/session-context.server.ts";
import { cartMiddleware, cartNoticeOf, cartOf } from "../features/cart/cart.server.ts";
import { CartModal, CartToasts } from "../features/cart/cart-modal.tsx";
import type { CartNotice } from "../features/cart/cart-notice.ts";
import { loadAnalytics } from "../features/consents/analytics.server.ts";
import type { AnalyticsConfig } from "../features/consents/analytics-config.ts";
import { AnalyticsScripts } from "../features/consents/analytics-scripts.tsx";
import { CookieSettingsDialog } from "../features/consents/cookie-settings-dialog.tsx";
import { ErrorView } from "../features/errors/error-view.tsx";
import { CookieBanner } from "../features/layout/cookie-banner.tsx";
import { type LayoutData, loadLayout } from "../features/layout/layout.server.ts";
import { layoutVariant } from "../features/layout/layout-variant.ts";
import { SiteFooter } from "../features/layout/site-footer.tsx";
import { SiteHeader } from "../features/layout/site-header.tsx";
import { usePartScroll } from "../features/layout/use-part-scroll.ts";
import { ACCOUNT_DELETED_PARAM } from "../features/profile/account-deleted.ts";
import { platformFor } from "../platform.server.ts";
import { useRootData } from "../root.tsx";
import { useT } from "../ui/i18n.tsx";
import { type ToastMessage, Toasts } from "../ui/notice.tsx";
import type { Route } from "./+types/layout";
// With the layout, not the lazily loaded bar: staff see the bar styled from the first paint.
import "../styles/admin-bar.css";

// Only staff see the admin bar: its code is not part of a visitor's page.
const AdminBar = lazy(async () => ({ default: (await import("../features/admin/admin-bar.tsx")).AdminBar }));

/** The visitor's cart (header count, cart modal) for this layout and the pages inside it. */
export const middleware: Route.MiddlewareFunction[] = [cartMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const platform = platformFor(context, request, locale);
  // Analytics settings are the same for everyone: read anonymously, so the shared cache holds no staff-only options.
  const [layout, analytics, cart] = await Promise.all([
    loadLayout(platform, url.pathname),
    loadAnalytics(platform.withToken(undefined), context.get(shopContext).csp),
    cartOf(context),
  ]);
  return { ...layout, analytics, flash: flashOf(context), cart, cartNotice: cartNoticeOf(context) };
}

/** Header, footer and navigation change only with the language or the car-wash set. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const key = (url: URL) => {
    const { variant, landing } = layoutVariant(url.pathname);
    return `${localeFromPath(url.pathname)}|${variant}|${landing}`;
  };
  if (key(currentUrl) !== key(nextUrl)) return true;
  // Every cart post, failed ones too (a failed coupon removes the coupon): the header count and the modal follow.
  if (formAction === SYSTEM_ROUTES.cartAction) return true;
  // Staff editing the page's header or footer (features/editor) reload the page to see them.
  if (nextUrl.searchParams.get("editPage") === "true") return defaultShouldRevalidate;
  // After a form post the flash message (logged in) may have changed.
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return false;
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome layout={loaderData} flash={loaderData.flash} cart={loaderData.cart} cartNotice={loaderData.cartNotice}>
      <Outlet />
    </Chrome>
  );
}

/** Errors below the layout (a failing page) keep the header and footer around them. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) return <ErrorView error={error} standalone />;
  return (
    <Chrome layout={loaderData} flash={null} cart={loaderData.cart} cartNotice={null}>
      <ErrorView error={error} />
    </Chrome>
  );
}

function Chrome({
  layout,
  flash,
  cart,
  cartNotice,
  children,
}: {
  layout: LayoutData & { analytics: AnalyticsConfig };
  flash: string | null;
  cart: CartView | null;
  cartNotice: CartNotice | null;
  children: ReactNode;
}) {
  const root = useRootData();
  const t = useT();
  const [search] = useSearchParams();
  usePartScroll();
  const toasts: ToastMessage[] = [];
  if (search.get("loggedOut") === "1") toasts.push({ id: "loggedOut", kind: "success", text: t("core.login.logout") });
  if (search.get(ACCOUNT_DELETED_PARAM) === "1")
    toasts.push({ id: ACCOUNT_DELETED_PARAM, kind: "success", text: t("profile.data.deleted") });
  if (flash) toasts.push({ id: flash, kind: "success", text: t(flash) });
  return (
    <div className={`site site--${layout.variant}${layout.landing ? " site--landing" : ""}`}>
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      {/* The phone preview's frame (mobileView=true) shows what a visitor's phone shows: no admin bar. */}
      {root.user?.staff && search.get("mobileView") !== "true" ? (
        <Suspense fallback={null}>
          <AdminBar staff={root.user.staff} />
        </Suspense>
      ) : null}
      <SiteHeader header={layout.header} navigation={layout.navigation.main} user={root.user} cartCount={cart?.itemCount ?? 0} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Toasts messages={toasts} />
        <CartToasts initial={cartNotice ? [{ id: "cartNotice", ...cartNotice }] : []} />
        {children}
      </main>
      <CartModal cart={cart} />
      <SiteFooter footer={layout.footer} navigation={layout.navigation} copyrightOption={root.options.CopyrightText} year={root.year} />
      <CookieBanner options={layout.cookie} accepted={root.acceptedCookies !== null} />
      <CookieSettingsDialog accepted={root.acceptedCookies} />
      <AnalyticsScripts config={layout.analytics} accepted={root.acceptedCookies} nonce={root.nonce} />
    </div>
  );
}
