import { api } from "@shop/contracts/api";
import { documentIdParams } from "@shop/contracts/schemas/documents.ts";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import type { Route } from "./+types/document";

/** GET /admin/orders/document/:id: one document of any order for staff; a malformed, missing or lacking one is the same 404. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = documentIdParams.safeParse({ id: args.params.id });
  if (!params.success) throw data(null, { status: 404 });
  const file = await adminCall(args, staff.platform, api.adminOrders.document, { params: params.data });
  if (!file.ok) throw data(file.message, { status: file.status === 404 ? 404 : failureStatus(file) });
  return new Response(Buffer.from(file.data.base64, "base64"), {
    headers: {
      "Content-Type": file.data.contentType,
      "Content-Disposition": `attachment; filename="${file.data.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
