import { SYSTEM_ROUTES } from "@shop/contracts";

/** The places the shop itself shows consents at (a form's place is its slug). */
export const STANDARD_PLACES = ["registration", "newsletter", "checkout", "cookies"] as const;

export function consentPlacePath(place: string): string {
  return SYSTEM_ROUTES.adminConsentDetail.replace(":slug", encodeURIComponent(place));
}

/** The standard places by their words; a form's place by its name. */
export function placeName(t: (key: string) => string, place: string): string {
  return (STANDARD_PLACES as readonly string[]).includes(place) ? t(`admin.site.consents.place.${place}`) : place;
}
