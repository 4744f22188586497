import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The tools area of the back office: page templates, and the non-production tools' admin side. */
export const toolsRoutes = [
  route(SYSTEM_ROUTES.adminTemplates, "routes/admin/tools/templates.tsx", { id: "adminTemplates" }),
  route(SYSTEM_ROUTES.adminReleases, "routes/admin/tools/releases.tsx", { id: "adminReleases" }),
  route(SYSTEM_ROUTES.adminDomain, "routes/admin/tools/domain.tsx", { id: "adminDomain" }),
];
