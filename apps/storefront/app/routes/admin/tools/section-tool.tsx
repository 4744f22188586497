import { blockTemplates, sampleComponents } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data } from "react-router";
import { loadBlocks } from "../../../blocks/registry.server.ts";
import { RenderBlocks } from "../../../blocks/registry.tsx";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { isProduction } from "../../../features/admin-tools/dev-tools.server.ts";
import { VersionBadge } from "../../../features/admin-tools/dev-tools.tsx";
import { NotFoundPage } from "../../../features/errors/not-found-page.tsx";
import { useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/section-tool";
import "../../../styles/content.css";
import "../../../styles/forms.css";

/** SPEC §2 /section-tool (non-production): every block template rendered with sample data, for staff. In production it is not there. */
export async function loader(args: Route.LoaderArgs) {
  if (isProduction(args.context)) return data({ kind: "notFound" as const }, { status: 404 });
  const staff = await requireStaff(args, "any");
  const components = sampleComponents(blockTemplates);
  const [blocks, tag] = await Promise.all([
    loadBlocks(staff.platform, components, translator(staff.locale)),
    adminCall(args, staff.platform, api.tools.latestTag),
  ]);
  return data(
    { kind: "tool" as const, components, blocks, version: tag.ok ? tag.data : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function SectionTool({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "notFound") return <NotFoundPage />;
  return (
    <div className="section-tool">
      <title>{t("admin.tools.sections.heading")}</title>
      <header className="section-tool__intro container">
        <h1>{t("admin.tools.sections.heading")}</h1>
        <p>{t("admin.tools.sections.intro", { n: loaderData.components.length })}</p>
        {loaderData.version ? <VersionBadge tools={{ version: loaderData.version.version, tag: loaderData.version.tag_name }} /> : null}
        <nav aria-label={t("admin.tools.sections.list")}>
          <ul className="section-tool__index">
            {loaderData.components.map((c) => (
              <li key={c.id}>
                <a href={`#example-${c.template}`}>{t(`admin.tools.block.${c.template}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {loaderData.components.map((c) => (
        <section key={c.id} className="section-tool__example" aria-labelledby={`example-${c.template}`}>
          <div className="section-tool__label container">
            <h2 id={`example-${c.template}`}>
              {t(`admin.tools.block.${c.template}`)} <code>{c.template}</code>
            </h2>
            <p>{t(`admin.tools.blockHint.${c.template}`)}</p>
          </div>
          <RenderBlocks components={[c]} heroIsTitle={false} loaded={loaderData.blocks} />
        </section>
      ))}
    </div>
  );
}
