import { COOKIE_CATEGORIES, type CookieCategory } from "@shop/contracts";

/** The id of the settings dialog; `#cookie-settings` links open it (with CSS alone when scripts are off). */
export const COOKIE_SETTINGS_ID = "cookie-settings";

/** The categories a visitor may switch; necessary cookies are always on. */
export const OPTIONAL_CATEGORIES = COOKIE_CATEGORIES.filter((c) => c !== "necessary");

/** The acceptedCookies value (SPEC §3: comma list) as a set; unknown words are ignored, necessary is always in. */
export function parseAcceptedCookies(value: string | null | undefined): Set<CookieCategory> {
  const allowed = new Set<CookieCategory>(["necessary"]);
  for (const part of (value ?? "").split(",")) {
    const category = COOKIE_CATEGORIES.find((c) => c === part.trim());
    if (category) allowed.add(category);
  }
  return allowed;
}

/** In the SPEC's order, so equal choices give equal cookies (and the page cache one key per choice). */
export function serializeAcceptedCookies(categories: ReadonlySet<CookieCategory>): string {
  return COOKIE_CATEGORIES.filter((c) => c === "necessary" || categories.has(c)).join(",");
}

/**
 * The choice a cookie form posts: `categories=all` (accept all), `categories=necessary` (only
 * necessary), or the settings' own checkboxes (`category=analytics`, `category=marketing`).
 */
export function choiceFromForm(form: FormData): Set<CookieCategory> {
  const preset = form.get("categories");
  if (preset === "all") return new Set(COOKIE_CATEGORIES);
  if (preset === "necessary") return new Set(["necessary"]);
  const chosen = new Set<CookieCategory>(["necessary"]);
  for (const value of form.getAll("category")) {
    const category = OPTIONAL_CATEGORIES.find((c) => c === value);
    if (category) chosen.add(category);
  }
  return chosen;
}

/** Opens the settings dialog as a modal; false when it is not on the page (the link then just jumps to it). */
export function openCookieSettings(): boolean {
  const dialog = document.getElementById(COOKIE_SETTINGS_ID);
  if (!(dialog instanceof HTMLDialogElement)) return false;
  if (!dialog.open) dialog.showModal();
  return true;
}
