/** What the app, the CLI and other modules use of user: e-mail normalizing, user reads, the membership card rule. */
export { findUserAccess, findUserByEmail, loadUserView, normalizeEmail } from "./user.repository.ts";
export { createBackofficeUser, isValidMemberBarcode } from "./user.service.ts";
