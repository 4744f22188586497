import type { CsvFile } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import type { ApiResult } from "../../../platform.server.ts";
import type { Route } from "./+types/moderation-export";
import { download, subscriberFiltersOf } from "./people.server.ts";

/**
 * GET /admin/moderation/export/:list: the form submissions or the subscribers (with the list's
 * filters) as the CSV the platform writes: UTF-8 with BOM and semicolons, what Croatian Excel opens.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  let result: ApiResult<CsvFile>;
  if (args.params.list === "submissions") {
    result = await adminCall(args, staff.platform, api.adminModeration.exportFormSubmissions, { body: {} });
  } else if (args.params.list === "subscribers") {
    const filters = subscriberFiltersOf(params);
    result = await adminCall(args, staff.platform, api.adminModeration.exportSubscribers, {
      body: { state: filters.state, q: filters.q || undefined },
    });
  } else {
    throw data(translator(staff.locale)("error.notFound"), { status: 404 });
  }
  if (!result.ok) throw data(result.message, { status: failureStatus(result) });
  return download(result.data.content, result.data.contentType, result.data.filename);
}
