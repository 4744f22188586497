import type { ReactNode } from "react";
import { COOKIE_SETTINGS_ID, openCookieSettings } from "./cookie-choice.ts";

/**
 * Opens the cookie settings (GDPR Art. 7(3): withdrawing as easy as giving). A plain link to the
 * dialog, which CSS shows when scripts are off; with them it opens as a modal.
 */
export function CookieSettingsLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <a
      href={`#${COOKIE_SETTINGS_ID}`}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (openCookieSettings()) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
