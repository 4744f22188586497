import { LOCALES, type Locale, localizedPath, SYSTEM_ROUTES, type UserView } from "@shop/contracts";
import type { ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { useRootData } from "../../root.tsx";
import { useT } from "../../ui/i18n.tsx";
import type { DevTools } from "../admin-tools/dev-tools.server.ts";
import { DevToolsBar } from "../admin-tools/dev-tools.tsx";
import { visibleSections } from "./sections.ts";

const LANGUAGE_NAMES: Record<Locale, string> = { hr: "Hrvatski", en: "English", de: "Deutsch" };

/**
 * SPEC §2 Admin layout: navigation of the sections the user's role opens, a language selector
 * (the user's own setting, SPEC §6), a link back to the site and logout. Plain links and forms:
 * it works by keyboard and without JavaScript.
 */
export function AdminChrome({
  user,
  locale,
  devTools,
  children,
}: {
  user: UserView;
  locale: Locale;
  /** The non-production tools (SPEC §2); null in production. */
  devTools: DevTools | null;
  children: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const { cacheServer } = useRootData();
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className="admin__header">
        <p className="admin__title">{t("admin.title")}</p>
        {devTools ? <DevToolsBar tools={devTools} /> : null}
        <a className="admin__back" href={localizedPath("content", locale)}>
          {t("admin.backToSite")}
        </a>
        <Form method="post" action={SYSTEM_ROUTES.admin} className="admin__language">
          <input type="hidden" name="intent" value="language" />
          <input type="hidden" name="back" value={location.pathname} />
          <label htmlFor="admin-language">{t("admin.language")}</label>
          <select id="admin-language" name="language" defaultValue={user.language}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small">
            {t("admin.staff.save")}
          </button>
        </Form>
        <Form method="post" action={SYSTEM_ROUTES.logout} className="admin__logout">
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className="button button--ghost button--small">
            {t("admin.logout")}
          </button>
        </Form>
      </header>
      <div className="admin__body">
        <nav className="admin__nav" aria-label={t("admin.nav.label")}>
          <ul>
            {visibleSections(user.staff, cacheServer).map((s) => (
              <li key={s.key}>
                <NavLink to={s.path} end={s.path === SYSTEM_ROUTES.admin}>
                  {t(`admin.nav.${s.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="admin__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
