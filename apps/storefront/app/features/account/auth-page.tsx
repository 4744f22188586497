import type { ReactNode } from "react";
import { Notice, type NoticeKind } from "../../ui/notice.tsx";

export interface PageNotice {
  kind: NoticeKind;
  text: string;
}

/** The frame of the login, register and password pages: one card, one h1. */
export function AuthPage({
  title,
  lead,
  notices = [],
  children,
  aside,
}: {
  title: string;
  lead?: string;
  notices?: PageNotice[];
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="auth-page container">
      <title>{title}</title>
      <div className="auth-card">
        <h1>{title}</h1>
        {lead ? <p className="auth-card__lead">{lead}</p> : null}
        {notices.map((n) => (
          <Notice key={`${n.kind}-${n.text}`} kind={n.kind}>
            {n.text}
          </Notice>
        ))}
        {children}
      </div>
      {aside ? <div className="auth-aside">{aside}</div> : null}
    </section>
  );
}
