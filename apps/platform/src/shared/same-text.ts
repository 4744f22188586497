import { timingSafeEqual } from "node:crypto";

/** Whether a secret the caller gave equals the expected one, in time that does not depend on where they differ. */
export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
