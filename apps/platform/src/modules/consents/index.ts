/** What other modules use of consents: recording a holder's accepted consents inside their own change (registration). */
export { type ConsentHolder, exportConsentLog, forgetConsentLog, recordAcceptedConsents } from "./consents.service.ts";
