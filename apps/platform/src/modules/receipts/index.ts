/**
 * What the order pipeline and the jobs use of receipts: issuing one with the order or a storno with
 * a refund, delivering them to CIS, their PDF, and the number and seller the e-invoice of the same
 * sale repeats.
 */
export type { ReceiptRow } from "./receipts.repository.ts";
export {
  deliverDueReceipts,
  findReceipt,
  findStornos,
  issueReceipt,
  issueStorno,
  type ReceiptOrderPart,
  receiptFilename,
  renderReceipt,
  sellerOf,
} from "./receipts.service.ts";
