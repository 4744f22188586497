import type { ReactNode } from "react";
import { useT } from "../../ui/i18n.tsx";

/** A page of the back office: its heading, which also names the browser tab after the back office's own name, then its content. */
export function AdminPage({ heading, children }: { heading: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{`${heading} – ${t("admin.title")}`}</title>
      <h1 id="admin-heading">{heading}</h1>
      {children}
    </section>
  );
}
