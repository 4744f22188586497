import type { SearchResult } from "@shop/contracts";
import { Link } from "react-router";
import { Icon } from "../../ui/icons.tsx";

/**
 * The hits: image and title (the title is the link; the whole card is clickable through it) and the
 * text around the match. The image only repeats the title, so it is decorative (alt="").
 */
export function SearchResults({ records }: { records: SearchResult[] }) {
  return (
    <ol className="search-results">
      {records.map((r) => (
        <li key={`${r.kind}-${r.id}`} className="search-result">
          <div className="search-result__media">
            {r.image ? (
              <img src={r.image} alt="" loading="lazy" decoding="async" width={160} height={120} />
            ) : (
              <span className="search-result__placeholder">
                <Icon name="globe" size={28} />
              </span>
            )}
          </div>
          <div className="search-result__body">
            <h2 className="search-result__title">
              <Link to={r.url} className="search-result__link">
                {r.title}
              </Link>
            </h2>
            {r.excerpt ? <p className="search-result__excerpt">{r.excerpt}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
