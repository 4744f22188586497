import { PAGINATION } from "@shop/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../ui/i18n.tsx";

/** The page numbers shown around the current one: SPEC §9's window of 9. */
export function pageWindow(page: number, lastPage: number): number[] {
  const size = Math.min(PAGINATION.pageWindow, lastPage);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), lastPage - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * First, previous, numbered, next and last page as plain links (they work without JS and keep the
 * other query parameters); at the ends the unusable ones stay in place, marked disabled.
 */
export function SearchPagination({ page, lastPage, href }: { page: number; lastPage: number; href: (page: number) => string }) {
  const t = useT();
  if (lastPage <= 1) return null;
  const step = (target: number, label: string, symbol: ReactNode, enabled: boolean) =>
    enabled ? (
      <Link to={href(target)} className="search-pagination__link" aria-label={label} title={label}>
        {symbol}
      </Link>
    ) : (
      <span className="search-pagination__link search-pagination__link--disabled" aria-disabled="true" title={label}>
        <span aria-hidden="true">{symbol}</span>
        <span className="sr-only">{label}</span>
      </span>
    );
  return (
    <nav className="search-pagination" aria-label={t("search.pagination")}>
      <p className="sr-only">{t("search.page.status", { page, pages: lastPage })}</p>
      <ul>
        <li>{step(1, t("search.page.first"), "«", page > 1)}</li>
        <li>{step(page - 1, t("search.page.previous"), "‹", page > 1)}</li>
        {pageWindow(page, lastPage).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              className={`search-pagination__link${n === page ? " search-pagination__link--current" : ""}`}
              aria-current={n === page ? "page" : undefined}
              aria-label={t("search.page.number", { page: n })}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>{step(page + 1, t("search.page.next"), "›", page < lastPage)}</li>
        <li>{step(lastPage, t("search.page.last"), "»", page < lastPage)}</li>
      </ul>
    </nav>
  );
}
