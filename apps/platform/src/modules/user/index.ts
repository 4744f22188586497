/** What the app, the CLI and other modules use of user: e-mail normalizing, user reads, membership cards, token and hash upkeep, social login's accounts. */
export {
  findOwnAddress,
  findUserAccess,
  findUserByEmail,
  holdsMemberCard,
  loadUserView,
  normalizeEmail,
  staffRightsOf,
} from "./user.repository.ts";
export { confirmBySocialLogin, createBackofficeUser, createSocialUser, endTokensBefore, rehashPassword } from "./user.service.ts";
