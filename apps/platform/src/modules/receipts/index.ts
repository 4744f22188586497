/** What the order pipeline and the jobs use of receipts: issuing one with the order, delivering them to CIS, its PDF. */
export { deliverDueReceipts, findReceipt, issueReceipt, receiptFilename, renderReceipt } from "./receipts.service.ts";
