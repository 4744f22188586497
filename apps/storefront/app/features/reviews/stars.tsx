import { formatNumber } from "@shop/i18n";
import { useLocale, useT } from "../../ui/i18n.tsx";

/** A rating as stars with its text for assistive technology ('4,5 od 5'). */
export function Stars({ value, max, className }: { value: number; max: number; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const shown = formatNumber(locale, value, 1);
  const percent = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <span className={`stars${className ? ` ${className}` : ""}`} role="img" aria-label={t("reviews.stars", { value: shown, max })}>
      <span className="stars__base" aria-hidden="true">
        {"★".repeat(max)}
      </span>
      <span className="stars__fill" aria-hidden="true" style={{ width: `${percent}%` }}>
        {"★".repeat(max)}
      </span>
    </span>
  );
}
