/**
 * The back office's roles and scopes (issue 12, SPEC §6 "a scope check exists on the user"). A
 * staff account is either an administrator, who may do everything including managing staff and
 * reading the audit log, or staff with a chosen set of scopes. Endpoints name what they need in
 * their `access`; the platform checks it in one place and the storefront hides what is refused
 * with the same `staffMay`.
 */

/** content: pages, media, navigation, consents, events; shop: catalog, coupons, cards; orders: orders and customers; settings: CMS options, maintenance. */
export const STAFF_SCOPES = ["content", "shop", "orders", "settings"] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];

export const STAFF_ROLES = ["administrator", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a backoffice endpoint needs: any staff member, a scope, or the administrator role. */
export type StaffNeed = StaffScope | "any" | "administrator";

export interface StaffRights {
  role: StaffRole;
  scopes: StaffScope[];
}

export function staffMay(staff: StaffRights | null | undefined, need: StaffNeed): boolean {
  if (!staff) return false;
  if (staff.role === "administrator" || need === "any") return true;
  if (need === "administrator") return false;
  return staff.scopes.includes(need);
}

/** The scopes stored in a user row (`staff_scopes`, joined by commas); unknown words are dropped. */
export function parseStaffScopes(stored: string): StaffScope[] {
  return STAFF_SCOPES.filter((scope) => stored.split(",").includes(scope));
}
