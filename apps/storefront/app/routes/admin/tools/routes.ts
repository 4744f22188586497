import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The tools area of the back office: page templates, and the non-production tools' admin side. */
export const toolsRoutes = [route(SYSTEM_ROUTES.adminTemplates, "routes/admin/not-built.tsx", { id: "adminTemplates" })];
