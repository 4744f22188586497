/** What the order pipeline and the jobs use of receipts: issuing one with the order, delivering them to CIS. */
export { deliverDueReceipts, issueReceipt } from "./receipts.service.ts";
