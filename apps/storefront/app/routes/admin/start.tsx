import { isLocale, isValidInternalPath, SYSTEM_ROUTES, staffMay } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data, redirect } from "react-router";
import { adminCall, requireStaff } from "../../features/admin/admin.server.ts";
import { formText } from "../../features/forms/form-values.ts";
import { useT } from "../../ui/i18n.tsx";
import type { Route } from "./+types/start";
import { OrderStats } from "./orders/orders-chart.tsx";
import "../../styles/admin-orders.css";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  // The orders' figures only for staff who may see orders; without them the start page still leads on.
  const stats = staffMay(staff.user.staff, "orders") ? await adminCall(args, staff.platform, api.adminOrders.stats) : null;
  return { name: staff.user.details.firstName, staff: staff.user.staff, stats: stats?.ok ? stats.data : null };
}

/** The language selector of the admin layout: the user's own language setting (SPEC §6). */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const form = await args.request.formData();
  const language = formText(form, "language");
  if (formText(form, "intent") !== "language" || !isLocale(language)) throw data(null, { status: 400 });
  const result = await adminCall(args, staff.platform, api.user.update, { body: { language } });
  if (!result.ok) throw data(result.message, { status: result.status || 500 });
  const back = formText(form, "back");
  throw redirect(isValidInternalPath(back) && back.startsWith(SYSTEM_ROUTES.admin) ? back : SYSTEM_ROUTES.admin);
}

export default function AdminStart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { staff } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{t("admin.title")}</title>
      <h1 id="admin-heading">{t("admin.start.heading", { name: loaderData.name })}</h1>
      <p>{t("admin.start.intro")}</p>
      {staff ? (
        <ul className="admin-facts">
          <li>{t("admin.start.role", { role: t(`admin.role.${staff.role}`) })}</li>
          <li>{t("admin.start.scopes", { scopes: staff.scopes.map((s) => t(`admin.scope.${s}`)).join(", ") })}</li>
        </ul>
      ) : null}
      {loaderData.stats ? <OrderStats stats={loaderData.stats} /> : null}
    </section>
  );
}
