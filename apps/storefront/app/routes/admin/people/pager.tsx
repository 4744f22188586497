import { Link } from "react-router";
import { useT } from "../../../ui/i18n.tsx";

/** Previous and next page links of a list; `href` makes the address of a page. */
export function Pager({
  page,
  lastPage,
  href,
  of,
}: {
  page: number;
  lastPage: number;
  href: (page: number) => string;
  /** What is paged, when a page has more than one list: each navigation is named apart. */
  of?: string;
}) {
  const t = useT();
  if (lastPage <= 1) return null;
  const label = t("admin.audit.pageOf", { page, pages: lastPage });
  return (
    <nav className="admin-pager" aria-label={of ? `${of}: ${label}` : label}>
      {page > 1 ? <Link to={href(page - 1)}>{t("admin.audit.previous")}</Link> : null}
      <span>{label}</span>
      {page < lastPage ? <Link to={href(page + 1)}>{t("admin.audit.next")}</Link> : null}
    </nav>
  );
}
