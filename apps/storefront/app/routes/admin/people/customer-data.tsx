import { api } from "@shop/contracts/api";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import type { Route } from "./+types/customer-data";
import { customerNotFound, download, idParam } from "./people.server.ts";

/** GET /admin/customers/:id/data: the customer's data as the JSON file their own download gives (GDPR Art. 15 and 20). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const id = idParam(args.params.id);
  if (id === null) customerNotFound(staff);
  const result = await adminCall(args, staff.platform, api.adminCustomers.get, { params: { id } });
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) customerNotFound(staff);
    throw data(result.message, { status: failureStatus(result) });
  }
  const day = result.data.exportedAt.slice(0, 10);
  return download(JSON.stringify(result.data, null, 2), "application/json; charset=utf-8", `customer-${id}-${day}.json`);
}
