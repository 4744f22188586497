/**
 * SPEC §1: paths containing the car-wash keyword use the car-wash header/footer set, and the
 * landing page also swaps the logo. The keyword is the landing page's slug in each language.
 */
export const CARWASH_LANDING_SLUGS = { hr: "autopraonica", en: "car-wash", de: "autowaschanlage" } as const;

export function isCarwashPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return Object.values(CARWASH_LANDING_SLUGS).some((keyword) => path.includes(keyword));
}

export function isCarwashLanding(pathname: string): boolean {
  const last = pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase() ?? "";
  return (Object.values(CARWASH_LANDING_SLUGS) as string[]).includes(last);
}
