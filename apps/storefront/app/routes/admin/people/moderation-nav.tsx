import { SYSTEM_ROUTES } from "@shop/contracts";
import { NavLink } from "react-router";
import { useT } from "../../../ui/i18n.tsx";

const TABS = [
  { key: "queue", path: SYSTEM_ROUTES.adminModeration },
  { key: "submissions", path: SYSTEM_ROUTES.adminSubmissions },
  { key: "subscribers", path: SYSTEM_ROUTES.adminSubscribers },
  { key: "failedRequests", path: SYSTEM_ROUTES.adminFailedRequests },
] as const;

/** The parts of moderation: comments and reviews, form submissions, subscribers, failed requests. */
export function ModerationNav() {
  const t = useT();
  return (
    <nav className="admin-subnav" aria-label={t("admin.moderation.nav")}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.key}>
            <NavLink to={tab.path} end>
              {t(`admin.moderation.tab.${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
