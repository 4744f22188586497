import { isValidInternalPath, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { domainCookie, isProduction } from "../../../features/admin-tools/dev-tools.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import type { Route } from "./+types/domain";

/** Only the domain list's form posts here; a visit goes to the admin. */
export function loader() {
  throw redirect(SYSTEM_ROUTES.admin);
}

/** SPEC §7 set-domain (non-production): the platform checks the domain, this session keeps it, back to the page it came from. */
export async function action(args: Route.ActionArgs) {
  if (isProduction(args.context)) throw data(null, { status: 404 });
  const staff = await requireStaff(args, "any");
  const form = await args.request.formData();
  const back = formText(form, "back");
  const result = await adminCall(args, staff.platform, api.tools.setDomain, { body: { domain: formText(form, "domain") } });
  if (!result.ok) throw data(result.message, { status: failureStatus(result) });
  const target = back.startsWith(`${SYSTEM_ROUTES.admin}`) && isValidInternalPath(back) ? back : SYSTEM_ROUTES.admin;
  throw redirect(target, { headers: { "Set-Cookie": domainCookie(args.context, result.data.domain) } });
}
