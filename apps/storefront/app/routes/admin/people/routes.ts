import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The people area of the back office: customers and content moderation. */
export const peopleRoutes = [
  route(SYSTEM_ROUTES.adminCustomers, "routes/admin/not-built.tsx", { id: "adminCustomers" }),
  route(SYSTEM_ROUTES.adminModeration, "routes/admin/not-built.tsx", { id: "adminModeration" }),
];
