import { type StaffNeed, type StaffRights, SYSTEM_ROUTES, staffMay } from "@shop/contracts";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../root.tsx";
import { useLocale, useT } from "../../ui/i18n.tsx";

interface BarEntry {
  key: string;
  /** Where the tool is; null: it lands later, and the bar says so. */
  path: string | null;
  need: StaffNeed;
  /** A non-production tool (SPEC §2): in production the entry waits for its production tool. */
  devOnly?: true;
  /** Shown only when the server keeps a page cache (SPEC §2 /admin/cache). */
  cacheServerOnly?: true;
}

/** SPEC §2 admin bar, in its order. Editing in place, sections, media and new pages come with their tools. */
const ENTRIES: readonly BarEntry[] = [
  { key: "admin", path: SYSTEM_ROUTES.admin, need: "any" },
  // Its path is the current page's, in or out of edit mode (EditModeEntry).
  { key: "editMode", path: null, need: "content" },
  { key: "sections", path: SYSTEM_ROUTES.sectionTool, need: "content", devOnly: true },
  { key: "caches", path: SYSTEM_ROUTES.adminCache, need: "settings", cacheServerOnly: true },
  { key: "consents", path: SYSTEM_ROUTES.adminConsent, need: "content" },
  { key: "templates", path: SYSTEM_ROUTES.adminTemplates, need: "content" },
  { key: "media", path: SYSTEM_ROUTES.adminMedia, need: "content" },
  { key: "newPage", path: null, need: "content" },
];

// Its own chunk: fetched when staff open it, never part of a visitor's page.
const NewPageModal = lazy(() => import("../editor/modals/new-page-modal.tsx").then((m) => ({ default: m.NewPageModal })));

/** SPEC §2 new page: the bar's button opens the new page modal in the page's language. */
function NewPageEntry() {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  // A script opens the modal: until the bar has hydrated, the button says it cannot act yet.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <>
      <button type="button" className="admin-bar__button" aria-haspopup="dialog" disabled={!ready} onClick={() => setOpen(true)}>
        {t("admin.bar.newPage")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NewPageModal locale={locale} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** On every site page for backoffice users (SPEC §2), with the entries their role opens. */
export function AdminBar({ staff }: { staff: StaffRights }) {
  const t = useT();
  const { production, cacheServer } = useRootData();
  return (
    <nav className="admin-bar" aria-label={t("admin.bar.label")}>
      <ul>
        {ENTRIES.filter((e) => staffMay(staff, e.need) && (cacheServer || !e.cacheServerOnly)).map((e) => (
          <li key={e.key}>
            {e.key === "editMode" ? (
              <EditModeEntry />
            ) : e.key === "newPage" ? (
              <NewPageEntry />
            ) : e.path && !(e.devOnly && production) ? (
              <a href={e.path}>{t(`admin.bar.${e.key}`)}</a>
            ) : (
              <span className="admin-bar__later">
                {t(`admin.bar.${e.key}`)} <small>({t("admin.bar.later")})</small>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** SPEC §2: the current page in edit mode (`?editPage=true`), or back out of it. */
function EditModeEntry() {
  const t = useT();
  const { pathname, search } = useLocation();
  const editing = new URLSearchParams(search).get("editPage") === "true";
  return editing ? <a href={pathname}>{t("editor.leave")}</a> : <a href={`${pathname}?editPage=true`}>{t("admin.bar.editMode")}</a>;
}
