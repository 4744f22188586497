import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The site area of the back office: the SPEC admin pages for consents and caches, and the settings. */
export const siteRoutes = [
  route(SYSTEM_ROUTES.adminConsent, "routes/admin/site/consents.tsx", { id: "adminConsent" }),
  route(SYSTEM_ROUTES.adminConsentDetail, "routes/admin/site/consent.tsx", { id: "adminConsentDetail" }),
  route(SYSTEM_ROUTES.adminCache, "routes/admin/site/cache.tsx", { id: "adminCache" }),
  route(SYSTEM_ROUTES.adminSettings, "routes/admin/site/settings.tsx", { id: "adminSettings" }),
];
