/** Users as other modules use them: e-mail addresses compared the way accounts store them (forms, newsletter). */
export { normalizeEmail } from "./user.repository.ts";
