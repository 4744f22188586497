import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCall } from "../../../features/admin/admin.server.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/coupons";
import { formatEuros, formatInstant } from "./catalog-forms.ts";
import { loadRevocableList, revokeFromList } from "./revocable-list.server.ts";
import { RevocableList } from "./revocable-list.tsx";

export function loader(args: Route.LoaderArgs) {
  return loadRevocableList(args, 64, (staff, body) => adminCall(args, staff.platform, api.adminCoupons.list, { body }));
}

export function action(args: Route.ActionArgs) {
  return revokeFromList(args, SYSTEM_ROUTES.adminCatalogCoupons, (staff, id) =>
    adminCall(args, staff.platform, api.adminCoupons.revoke, { params: { id } }),
  );
}

export default function CouponsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <RevocableList
      part="coupons"
      editor="adminCatalogCoupon"
      listPath={SYSTEM_ROUTES.adminCatalogCoupons}
      loaderData={loaderData}
      actionData={actionData}
      codeOf={(c) => c.code}
      inForce={(c) => c.active}
      badges={(c) => (
        <>
          <span>{c.kind === "percent" ? `${c.value} %` : formatEuros(c.value, locale)}</span>
          <span className={`catalog-tag${c.active ? "" : " catalog-tag--warn"}`}>
            {c.active ? t("admin.catalog.coupons.active") : t("admin.catalog.coupons.inactive")}
          </span>
        </>
      )}
      facts={(c) => (
        <>
          <dt>{t("admin.catalog.coupons.validity")}</dt>
          <dd>
            {c.validFrom || c.validTo
              ? `${formatInstant(c.validFrom, locale)} – ${formatInstant(c.validTo, locale)}`
              : t("admin.catalog.coupons.always")}
          </dd>
          <dt>{t("admin.catalog.coupons.uses")}</dt>
          <dd>
            {c.usageLimit === null
              ? t("admin.catalog.coupons.usedUnlimited", { n: c.usedCount })
              : t("admin.catalog.coupons.usedOf", { n: c.usedCount, limit: c.usageLimit })}
          </dd>
          <dt>{t("admin.catalog.coupons.perCustomer")}</dt>
          <dd>{c.perCustomerLimit ?? t("admin.catalog.coupons.unlimited")}</dd>
          <dt>{t("admin.catalog.coupons.minTotal")}</dt>
          <dd>{formatEuros(c.minTotalCents, locale)}</dd>
        </>
      )}
    />
  );
}
