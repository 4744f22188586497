import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The catalog area of the back office: products, categories, attributes, coupons, membership cards. */
export const catalogRoutes = [route(SYSTEM_ROUTES.adminCatalog, "routes/admin/not-built.tsx", { id: "adminCatalog" })];
