import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The people area of the back office: customers and content moderation. */
export const peopleRoutes = [
  route(SYSTEM_ROUTES.adminCustomers, "routes/admin/people/customers.tsx", { id: "adminCustomers" }),
  route(SYSTEM_ROUTES.adminCustomer, "routes/admin/people/customer.tsx", { id: "adminCustomer" }),
  route(SYSTEM_ROUTES.adminCustomerData, "routes/admin/people/customer-data.tsx", { id: "adminCustomerData" }),
  route(SYSTEM_ROUTES.adminModeration, "routes/admin/people/moderation.tsx", { id: "adminModeration" }),
  route(SYSTEM_ROUTES.adminSubmissions, "routes/admin/people/submissions.tsx", { id: "adminSubmissions" }),
  route(SYSTEM_ROUTES.adminSubscribers, "routes/admin/people/subscribers.tsx", { id: "adminSubscribers" }),
  route(SYSTEM_ROUTES.adminFailedRequests, "routes/admin/people/failed-requests.tsx", { id: "adminFailedRequests" }),
  route(SYSTEM_ROUTES.adminModerationExport, "routes/admin/people/moderation-export.tsx", { id: "adminModerationExport" }),
];
