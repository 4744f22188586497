/**
 * Forms as other modules use them: the newsletter reuses the public-form checks (limits, consents,
 * captcha), the double opt-in confirmation links and their mail.
 */
export { confirmationMail } from "./forms.mail.ts";
export { findPublishedFormOfType } from "./forms.repository.ts";
export { checkCaptcha, checkRequiredConsents, confirmationLink, createConfirmation, enforceSubmitLimits } from "./forms.service.ts";
export { submissionsCsv, submissionsPage } from "./submissions.service.ts";
