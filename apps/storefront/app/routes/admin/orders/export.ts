import { api } from "@shop/contracts/api";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import type { Route } from "./+types/export";
import { filtersOf } from "./order-filters.ts";

/** GET /admin/orders/export: the list's filtered orders as the platform's CSV, a download for Excel. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const { filters } = filtersOf(new URL(args.request.url).searchParams);
  const csv = await adminCall(args, staff.platform, api.adminOrders.export, { body: filters });
  if (!csv.ok) throw data(csv.message, { status: failureStatus(csv) });
  return new Response(csv.data.content, {
    headers: {
      "Content-Type": csv.data.contentType,
      "Content-Disposition": `attachment; filename="${csv.data.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
