import { api } from "@shop/contracts/api";
import { data } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { isProduction } from "../../../features/admin-tools/dev-tools.server.ts";
import { ReleaseList } from "../../../features/admin-tools/dev-tools.tsx";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/releases";

/** The release notes (SPEC §2, non-production): the modal's data, and the page it links to without JavaScript. */
export async function loader(args: Route.LoaderArgs) {
  if (isProduction(args.context)) throw data(null, { status: 404 });
  const staff = await requireStaff(args, "any");
  const releases = await adminCall(args, staff.platform, api.tools.latestRelease, { body: {} });
  if (!releases.ok) throw data(releases.message, { status: failureStatus(releases) });
  return { releases: releases.data };
}

export default function ReleasesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminPage heading={t("admin.tools.releases.heading")}>
      <ReleaseList releases={loaderData.releases} level={2} />
    </AdminPage>
  );
}
