/** What the app and other modules use of audit: writing a change into the log, and the endpoint layer's wrapper for staff writes. */
export { type AuditChange, auditedDelete, auditedStaffWrite, recordChange } from "./audit.service.ts";
