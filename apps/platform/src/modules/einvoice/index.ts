/**
 * What orders use of e-invoices: whether an order gets one, the invoice (or what blocks it), and
 * its UBL 2.1 XML in the Croatian CIUS 2025.
 */
export {
  describeGaps,
  type EInvoiceGap,
  type EInvoiceOutcome,
  eInvoiceOf,
  wantsEInvoice,
} from "./einvoice.service.ts";
export { type EInvoice, ublInvoiceXml } from "./ubl-invoice.ts";
