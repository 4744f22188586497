import type { ImageData } from "@shop/contracts";
import { Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";

/** The editable logo (header or footer element), or the built-in mark when none is set. */
export function Logo({ image, className, link = true }: { image: ImageData | null | undefined; className?: string; link?: boolean }) {
  const t = useT();
  const path = usePath();
  const content = image?.src ? (
    <img src={image.src} alt={image.alt || t("site.name")} width={image.width ?? 180} height={image.height ?? 48} />
  ) : (
    <>
      <LogoMark />
      <span className="logo__text">{t("site.name")}</span>
    </>
  );
  const classes = `logo${className ? ` ${className}` : ""}`;
  if (!link) return <span className={classes}>{content}</span>;
  return (
    <Link to={path("content")} className={classes}>
      {content}
      {image?.src ? <span className="sr-only"> – {t("nav.home")}</span> : null}
    </Link>
  );
}

function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#0b5cad" />
      <path d="M24 8c5 7 10 12.5 10 18a10 10 0 0 1-20 0c0-5.5 5-11 10-18Z" fill="#fff" />
      <path d="M19.5 27.5a4.5 4.5 0 0 0 4.5 4.5" stroke="#0b5cad" strokeWidth="2.5" strokeLinecap="round" fill="none" />
    </svg>
  );
}
