import { requireStaff } from "../../features/admin/admin.server.ts";
import { useT } from "../../ui/i18n.tsx";
import type { Route } from "./+types/not-built";

/** A section of issue 12 still to come: reachable, and saying so plainly. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  return { section: staff.section.key };
}

export default function NotBuilt({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t(`admin.nav.${loaderData.section}`);
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{`${title} – ${t("admin.title")}`}</title>
      <h1 id="admin-heading">{title}</h1>
      <p>{t("admin.notYet")}</p>
    </section>
  );
}
