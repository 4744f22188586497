import { SYSTEM_ROUTES } from "@shop/contracts";

/** Addresses of the people area, for pages and their loaders alike. */
export const customerPath = (id: number) => SYSTEM_ROUTES.adminCustomer.replace(":id", String(id));
export const customerDataPath = (id: number) => SYSTEM_ROUTES.adminCustomerData.replace(":id", String(id));
/** The order's page in the orders area of the back office. */
export const adminOrderPath = (code: string) => `${SYSTEM_ROUTES.adminOrders}/${encodeURIComponent(code)}`;
