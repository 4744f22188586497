import type { ReactNode } from "react";
import { Link } from "react-router";
import { type LinkTarget, type ResolvedLink, resolveHref, resolveLink } from "../features/links/resolve-link.ts";
import { useLocale, useT } from "./i18n.tsx";

interface SmartLinkProps {
  /** A stored href, or a typed target. */
  to: string | LinkTarget;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  "aria-current"?: "page" | undefined;
}

/** SPEC §2: internal links navigate in the app; external ones open in a new tab. */
export function SmartLink({ to, children, className, onClick, ...rest }: SmartLinkProps) {
  const locale = useLocale();
  const t = useT();
  const link: ResolvedLink = typeof to === "string" ? resolveHref(to) : resolveLink(to, locale);
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
        {children}
        <span className="sr-only"> ({t("common.opensInNewTab")})</span>
      </a>
    );
  }
  // mailto:, tel:, an anchor, or a file of the site (a path with a dot: a document of the media
  // library, never a page): the browser's own navigation, not the app's.
  if (!link.href.startsWith("/") || link.href.split(/[?#]/)[0]?.includes(".")) {
    return (
      <a href={link.href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className} onClick={onClick} aria-current={rest["aria-current"]}>
      {children}
    </Link>
  );
}
