import { SLUG_FORMAT, SLUG_MIN } from "@shop/contracts";

/**
 * The new-page modal's slug check before sending (SPEC §5): the message key of what is wrong, or
 * null. The platform checks again (and whether another route owns the slug).
 */
export function slugProblem(slug: string): "editor.modals.newPage.slugShort" | "editor.modals.newPage.slugFormat" | null {
  const value = slug.trim();
  if (value.length < SLUG_MIN) return "editor.modals.newPage.slugShort";
  if (!SLUG_FORMAT.test(value)) return "editor.modals.newPage.slugFormat";
  return null;
}

/** A slug proposed from the title: lowercase ASCII (Croatian letters folded), words joined by hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/đ/g, "d")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200);
}
