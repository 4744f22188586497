import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The site area of the back office: the SPEC admin pages for consents and caches, and the settings. */
export const siteRoutes = [
  route(SYSTEM_ROUTES.adminConsent, "routes/admin/not-built.tsx", { id: "adminConsent" }),
  route(SYSTEM_ROUTES.adminConsentDetail, "routes/admin/not-built.tsx", { id: "adminConsentDetail" }),
  route(SYSTEM_ROUTES.adminCache, "routes/admin/not-built.tsx", { id: "adminCache" }),
  route(SYSTEM_ROUTES.adminSettings, "routes/admin/not-built.tsx", { id: "adminSettings" }),
];
