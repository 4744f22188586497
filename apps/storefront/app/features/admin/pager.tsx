import { Link } from "react-router";
import { useT } from "../../ui/i18n.tsx";

/** Previous and next page links of a list; `href` makes the address of a page. */
export function Pager({
  page,
  lastPage,
  href,
  of,
  texts = "admin.audit",
}: {
  page: number;
  lastPage: number;
  href: (page: number) => string;
  /** What is paged, when a page has more than one list: each navigation is named apart. */
  of?: string;
  /** The area whose texts name the pages (alike in every area). */
  texts?: "admin.audit" | "admin.catalog";
}) {
  const t = useT();
  if (lastPage <= 1) return null;
  const label = t(`${texts}.pageOf`, { page, pages: lastPage });
  return (
    <nav className="admin-pager" aria-label={of ? `${of}: ${label}` : label}>
      {page > 1 ? <Link to={href(page - 1)}>{t(`${texts}.previous`)}</Link> : null}
      <span>{label}</span>
      {page < lastPage ? <Link to={href(page + 1)}>{t(`${texts}.next`)}</Link> : null}
    </nav>
  );
}
