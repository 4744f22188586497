import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminCall } from "../../../features/admin/admin.server.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/member-cards";
import { formatInstant } from "./catalog-forms.ts";
import { loadRevocableList, revokeFromList } from "./revocable-list.server.ts";
import { RevocableList } from "./revocable-list.tsx";

export function loader(args: Route.LoaderArgs) {
  return loadRevocableList(args, 100, (staff, body) => adminCall(args, staff.platform, api.adminMemberCards.list, { body }));
}

export function action(args: Route.ActionArgs) {
  return revokeFromList(args, SYSTEM_ROUTES.adminCatalogMemberCards, (staff, id) =>
    adminCall(args, staff.platform, api.adminMemberCards.revoke, { params: { id } }),
  );
}

export default function MemberCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <RevocableList
      part="cards"
      editor="adminCatalogMemberCard"
      listPath={SYSTEM_ROUTES.adminCatalogMemberCards}
      loaderData={loaderData}
      actionData={actionData}
      codeOf={(c) => c.barcode}
      inForce={(c) => !c.revokedAt}
      badges={(c) => (
        <span className={`catalog-tag${c.revokedAt ? " catalog-tag--warn" : ""}`}>
          {c.revokedAt ? t("admin.catalog.cards.revokedOn", { at: formatInstant(c.revokedAt, locale) }) : t("admin.catalog.cards.valid")}
        </span>
      )}
      facts={(c) => (
        <>
          <dt>{t("admin.catalog.cards.holder")}</dt>
          <dd>
            {c.holderName ? `${c.holderName}, ` : ""}
            {c.holderEmail}
          </dd>
          <dt>{t("admin.catalog.cards.issued")}</dt>
          <dd>{formatInstant(c.issuedAt, locale)}</dd>
          <dt>{t("admin.catalog.cards.validUntil")}</dt>
          <dd>{c.validUntil ? formatInstant(c.validUntil, locale) : t("admin.catalog.cards.noEnd")}</dd>
        </>
      )}
    />
  );
}
