import { isRouteErrorResponse, Outlet } from "react-router";
import { requireStaff } from "../../features/admin/admin.server.ts";
import { AdminChrome } from "../../features/admin/admin-layout.tsx";
import { loadDevTools } from "../../features/admin-tools/dev-tools.server.ts";
import { ErrorView } from "../../features/errors/error-view.tsx";
import { useT } from "../../ui/i18n.tsx";
import type { Route } from "./+types/layout";
import "../../styles/admin.css";

/** Nobody logged in goes to the staff login; a customer gets the 403 page (root's error layout). */
export async function loader(args: Route.LoaderArgs) {
  // Only whether this is staff at all: each section's page checks its own need, inside this layout.
  const staff = await requireStaff(args, "any");
  return { user: staff.user, locale: staff.locale, devTools: await loadDevTools(args, staff) };
}

/** Admin pages are personal: never kept by a cache on the way. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminChrome user={loaderData.user} locale={loaderData.locale} devTools={loaderData.devTools}>
      <Outlet />
    </AdminChrome>
  );
}

/** A refused section keeps the admin layout around a plain 403 page. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) return <ErrorView error={error} standalone />;
  return (
    <AdminChrome user={loaderData.user} locale={loaderData.locale} devTools={loaderData.devTools}>
      {isRouteErrorResponse(error) && error.status === 403 ? <Forbidden message={String(error.data ?? "")} /> : <ErrorView error={error} />}
    </AdminChrome>
  );
}

function Forbidden({ message }: { message: string }) {
  const t = useT();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{`403 – ${t("admin.forbidden.title")}`}</title>
      <p className="status-page__eyebrow">
        <span className="status-page__code">403</span>
      </p>
      <h1 id="status-title">{t("admin.forbidden.title")}</h1>
      <p className="status-page__text">{message || t("admin.forbidden.text")}</p>
    </section>
  );
}
