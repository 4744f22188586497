/** What the app and other modules use of auth: the access token's user and ending a user's sessions. */
export { forgetSessions, revokeSessions, userFromAccessToken } from "./auth.service.ts";
export { exportSocialLogins } from "./social.service.ts";
