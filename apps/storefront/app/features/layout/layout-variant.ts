import { type ElementVariant, isCarwashLanding, isCarwashPath } from "@shop/contracts";

export type LayoutVariant = ElementVariant;

/** SPEC §1: paths containing the car-wash keyword use their own header/footer set; the landing path swaps the logo. */
export function layoutVariant(pathname: string): { variant: LayoutVariant; landing: boolean } {
  const path = safeDecode(pathname);
  if (!isCarwashPath(path)) return { variant: "default", landing: false };
  return { variant: "carwash", landing: isCarwashLanding(path) };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
