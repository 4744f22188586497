/**
 * What the order pipeline and the jobs use of receipts: issuing one with the order, delivering them
 * to CIS, its PDF, and the number and seller the e-invoice of the same sale repeats.
 */
export type { ReceiptRow } from "./receipts.repository.ts";
export {
  deliverDueReceipts,
  findReceipt,
  issueReceipt,
  receiptFilename,
  renderReceipt,
  sellerOf,
} from "./receipts.service.ts";
