import { type ReleaseView, SYSTEM_ROUTES } from "@shop/contracts";
import { Form, useFetcher, useLocation } from "react-router";
import { sanitizeHtml } from "../../blocks/sanitize-html.ts";
import { useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { DevTools } from "./dev-tools.server.ts";
import "../../styles/admin-tools.css";

/**
 * SPEC §2's non-production tools in the admin header: the version badge, the domain list and the
 * release notes. Disclosures (details/summary): they open by keyboard and without JavaScript.
 */
export function DevToolsBar({ tools }: { tools: DevTools }) {
  return (
    <div className="dev-tools">
      <VersionBadge tools={tools} />
      <DomainList tools={tools} />
      <ReleaseNotes />
    </div>
  );
}

export function VersionBadge({ tools }: { tools: Pick<DevTools, "version" | "tag"> }) {
  const t = useT();
  return (
    <p className="dev-tools__badge">
      <span className="sr-only">{t("admin.tools.version.label")} </span>v{tools.version}
      {tools.tag && tools.tag !== `v${tools.version}` ? <span className="dev-tools__tag"> · {tools.tag}</span> : null}
    </p>
  );
}

function DomainList({ tools }: { tools: DevTools }) {
  const t = useT();
  const location = useLocation();
  const rebuild = tools.selected !== tools.forced;
  return (
    <details className="dev-tools__disclosure">
      <summary>{t("admin.tools.domains.open")}</summary>
      <div className="dev-tools__panel">
        <h2>{t("admin.tools.domains.heading")}</h2>
        <p>
          {t("admin.tools.domains.current")} <strong>{tools.current}</strong>
        </p>
        <Form method="post" action={SYSTEM_ROUTES.adminDomain} className="form">
          <input type="hidden" name="back" value={location.pathname} />
          <fieldset>
            <legend>{t("admin.tools.domains.configured")}</legend>
            <ul className="dev-tools__domains">
              {tools.domains.map((d) => {
                const current = d.domain === tools.current;
                return (
                  <li key={d.domain} className={current ? "dev-tools__domain dev-tools__domain--current" : "dev-tools__domain"}>
                    <label>
                      <input type="radio" name="domain" value={d.domain} defaultChecked={d.domain === tools.selected} /> {d.domain}{" "}
                      <small>
                        {d.site}
                        {current ? ` · ${t("admin.tools.domains.isCurrent")}` : ""}
                        {d.domain === tools.forced ? ` · ${t("admin.tools.domains.isForced")}` : ""}
                      </small>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <button type="submit" className="button button--small">
            {t("admin.tools.domains.choose")}
          </button>
        </Form>
        <p>
          {t("admin.tools.domains.selected")} <strong>{tools.selected}</strong>
        </p>
        {rebuild ? <Notice kind="info">{t("admin.tools.domains.rebuild", { forced: tools.forced })}</Notice> : null}
      </div>
    </details>
  );
}

/** SPEC §2 release notes: fetched when opened with JavaScript (a Loading state meanwhile), a page of their own without. */
function ReleaseNotes() {
  const t = useT();
  const fetcher = useFetcher<{ releases: ReleaseView[] }>();
  return (
    <details
      className="dev-tools__disclosure"
      onToggle={(e) => {
        if (e.currentTarget.open && fetcher.state === "idle" && !fetcher.data) fetcher.load(SYSTEM_ROUTES.adminReleases);
      }}
    >
      <summary>{t("admin.tools.releases.open")}</summary>
      <div className="dev-tools__panel dev-tools__panel--wide" aria-busy={fetcher.state === "loading"}>
        <h2>{t("admin.tools.releases.heading")}</h2>
        {fetcher.data ? (
          <ReleaseList releases={fetcher.data.releases} level={3} />
        ) : fetcher.state === "loading" ? (
          <p role="status">{t("admin.tools.releases.loading")}</p>
        ) : (
          <p>
            <a href={SYSTEM_ROUTES.adminReleases}>{t("admin.tools.releases.page")}</a>
          </p>
        )}
      </div>
    </details>
  );
}

export function ReleaseList({ releases, level }: { releases: readonly ReleaseView[]; level: 2 | 3 }) {
  const t = useT();
  const Heading = level === 2 ? "h2" : "h3";
  if (releases.length === 0) return <p>{t("admin.tools.releases.none")}</p>;
  return (
    <div className="dev-tools__releases">
      {releases.map((r) => (
        <article key={r.tag_name} className="dev-tools__release">
          <Heading>
            {r.tag_name === "Unreleased" ? t("admin.tools.releases.unreleased") : r.tag_name}
            {r.released_at ? <small> · {r.released_at}</small> : null}
          </Heading>
          {/* Rendered from markdown and sanitised by the platform; sanitised again like every stored HTML we show. */}
          <div className="prose dev-tools__notes" dangerouslySetInnerHTML={{ __html: sanitizeHtml(r.description_html) }} />
        </article>
      ))}
    </div>
  );
}
