/** What the order pipeline and the jobs use of receipts: issuing one with the order or a storno with a refund, delivering them to CIS, their PDF. */
export {
  deliverDueReceipts,
  findReceipt,
  findStornos,
  issueReceipt,
  issueStorno,
  type ReceiptOrderPart,
  receiptFilename,
  renderReceipt,
} from "./receipts.service.ts";
