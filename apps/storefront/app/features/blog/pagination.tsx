import { PAGINATION } from "@shop/contracts";
import { Link } from "react-router";
import { useT } from "../../ui/i18n.tsx";

/** The page numbers around the current one, at most SPEC §9's window of 9. */
export function pageWindow(page: number, lastPage: number, size: number = PAGINATION.pageWindow): number[] {
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(page - half, lastPage - size + 1));
  const end = Math.min(lastPage, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

interface PaginationProps {
  /** The page the address asks for. */
  page: number;
  /** The last page shown (more than `page` after 'load more'). */
  through: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  label: string;
}

/**
 * First, previous, numbered, next and last (SPEC §2). Links that would go nowhere (on the first or
 * the last page) stay in place, disabled, so the row does not jump.
 */
export function Pagination({ page, through, lastPage, hrefFor, label }: PaginationProps) {
  const t = useT();
  if (lastPage <= 1) return null;
  const onFirst = page <= 1;
  const onLast = through >= lastPage;
  const step = (key: string, target: number, disabled: boolean, symbol: string) => (
    <li className="pagination__item">
      {disabled ? (
        <span className="pagination__link pagination__link--step is-disabled" aria-disabled="true">
          <span aria-hidden="true">{symbol}</span>
          <span className="pagination__text">{t(key)}</span>
        </span>
      ) : (
        <Link
          to={hrefFor(target)}
          className="pagination__link pagination__link--step"
          rel={key === "blog.next" ? "next" : key === "blog.previous" ? "prev" : undefined}
        >
          <span aria-hidden="true">{symbol}</span>
          <span className="pagination__text">{t(key)}</span>
        </Link>
      )}
    </li>
  );
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {step("blog.first", 1, onFirst, "«")}
        {step("blog.previous", page - 1, onFirst, "‹")}
        {pageWindow(page, lastPage).map((n) => {
          const shown = n >= page && n <= through;
          return (
            <li key={n} className="pagination__item">
              <Link
                to={hrefFor(n)}
                className={`pagination__link pagination__number${shown ? " is-current" : ""}`}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("blog.pageN", { page: n })}
              >
                {n}
              </Link>
            </li>
          );
        })}
        {step("blog.next", through + 1, onLast, "›")}
        {step("blog.last", lastPage, onLast, "»")}
      </ul>
    </nav>
  );
}
