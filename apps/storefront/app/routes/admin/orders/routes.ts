import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The orders area of the back office: orders, their CSV and documents, bank statements (the start page's figures are in start.tsx). */
export const ordersRoutes = [
  route(SYSTEM_ROUTES.adminOrders, "routes/admin/orders/orders.tsx", { id: "adminOrders" }),
  route(SYSTEM_ROUTES.adminOrdersExport, "routes/admin/orders/export.ts", { id: "adminOrdersExport" }),
  route(SYSTEM_ROUTES.adminBankStatements, "routes/admin/orders/bank-statements.tsx", { id: "adminBankStatements" }),
  route(SYSTEM_ROUTES.adminOrderDocument, "routes/admin/orders/document.ts", { id: "adminOrderDocument" }),
  route(SYSTEM_ROUTES.adminOrder, "routes/admin/orders/order.tsx", { id: "adminOrder" }),
];
