import { type StaffNeed, type StaffRights, SYSTEM_ROUTES, staffMay } from "@shop/contracts";

/** One section of the back office (issue 12): its address and what it needs. */
export interface AdminSection {
  key: string;
  path: string;
  need: StaffNeed;
  /** Listed only when the server keeps a page cache (SPEC §2: caches shown only when a cache server is in use). */
  cacheServerOnly?: true;
}

/** The navigation of the admin layout, in order. A section is listed to whoever may open it. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: "start", path: SYSTEM_ROUTES.admin, need: "any" },
  { key: "orders", path: SYSTEM_ROUTES.adminOrders, need: "orders" },
  { key: "catalog", path: SYSTEM_ROUTES.adminCatalog, need: "shop" },
  { key: "customers", path: SYSTEM_ROUTES.adminCustomers, need: "orders" },
  { key: "moderation", path: SYSTEM_ROUTES.adminModeration, need: "content" },
  { key: "consents", path: SYSTEM_ROUTES.adminConsent, need: "content" },
  { key: "caches", path: SYSTEM_ROUTES.adminCache, need: "settings", cacheServerOnly: true },
  { key: "templates", path: SYSTEM_ROUTES.adminTemplates, need: "content" },
  { key: "media", path: SYSTEM_ROUTES.adminMedia, need: "content" },
  { key: "settings", path: SYSTEM_ROUTES.adminSettings, need: "settings" },
  { key: "staff", path: SYSTEM_ROUTES.adminStaff, need: "administrator" },
  { key: "audit", path: SYSTEM_ROUTES.adminAudit, need: "administrator" },
];

/** The section an admin address belongs to (a consent's page belongs to consents). */
export function sectionOf(pathname: string): AdminSection {
  const matches = ADMIN_SECTIONS.filter(
    (s) => s.path !== SYSTEM_ROUTES.admin && (pathname === s.path || pathname.startsWith(`${s.path}/`)),
  );
  return matches[0] ?? (ADMIN_SECTIONS[0] as AdminSection);
}

export function visibleSections(staff: StaffRights | null, cacheServer: boolean): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => staffMay(staff, s.need) && (cacheServer || !s.cacheServerOnly));
}
