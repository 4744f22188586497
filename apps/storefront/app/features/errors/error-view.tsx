import { isRouteErrorResponse, Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/** The error layout of SPEC §2: status code and message, with a way home. */
export function ErrorView({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const t = useT();
  const path = usePath();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404 && !standalone) return <NotFoundPage />;
  if (!isRouteErrorResponse(error) && error instanceof Error) console.error(error);
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : null;
  const fallback: Record<number, string> = { 401: "error.unauthorized", 403: "error.forbidden", 404: "notFound.text" };
  const message = detail ?? t(fallback[status] ?? "error.generic");
  const body = (
    <section className="status-page" aria-labelledby="status-title">
      <title>{`${status} – ${t("error.title")}`}</title>
      <p className="status-page__eyebrow">
        <span className="status-page__code">{status}</span> {t("error.eyebrow")}
      </p>
      <h1 id="status-title">{status === 404 ? t("notFound.title") : t("error.title")}</h1>
      <p className="status-page__text">{message}</p>
      <Link to={path("content")} className="button" reloadDocument={standalone}>
        {t("notFound.home")}
      </Link>
    </section>
  );
  if (!standalone) return body;
  return (
    <main id="main" className="site-main site-main--standalone" tabIndex={-1}>
      {body}
    </main>
  );
}
