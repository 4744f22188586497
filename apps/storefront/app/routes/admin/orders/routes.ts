import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The orders area of the back office: orders, bank statements, the start page's figures. */
export const ordersRoutes = [route(SYSTEM_ROUTES.adminOrders, "routes/admin/not-built.tsx", { id: "adminOrders" })];
