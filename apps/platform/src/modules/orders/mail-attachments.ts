import { type Locale, toLocale } from "@shop/contracts";
import type { Executor } from "@shop/db";
import type { AttachmentRecipe, AttachmentRenderers } from "../../adapters/mail.ts";
import { type Hub3Slip, hub3BarcodePng, hub3Payload, hub3SlipPdf } from "../bank-transfer/index.ts";
import { type EInvoice, ublInvoiceXml } from "../einvoice/index.ts";
import { type ReceiptOrderPart, receiptFilename, renderReceipt } from "../receipts/index.ts";
import { formatVoucherCode, VOUCHER_MAIL_ATTACHMENTS } from "../vouchers/index.ts";
import type { OrderLineRow, OrderRow } from "./orders.repository.ts";

/**
 * The files order mail attaches, made by the mail dispatcher when it sends (ADR 12): a barcode
 * takes some 20 ms and a PDF more, which the order's transaction must not wait for.
 */

const BARCODE = "hub3-barcode";
const SLIP_PDF = "hub3-slip-pdf";
const E_INVOICE = "einvoice-ubl";
const RECEIPT_PDF = "receipt-pdf";
/** The HTML shows the barcode inline under this content id. */
export const BARCODE_CID = "hub3-barcode";

interface SlipPdfInput {
  slip: Hub3Slip;
  locale: Locale;
  title: string;
}

interface ReceiptPdfRecipe {
  receiptId: number;
  siteName: string;
  order: ReceiptOrderPart;
}

/**
 * The renderers of order mail: the slip's files, the receipt, the e-invoice and the PDFs of the
 * gift vouchers an order bought. A receipt is read again when its mail is sent: it then carries the
 * JIR if CIS has answered by then, else the ZKI alone (which the law accepts until late delivery).
 */
export function orderMailAttachments(db: Executor): AttachmentRenderers {
  return {
    ...VOUCHER_MAIL_ATTACHMENTS,
    [BARCODE]: (input) => hub3BarcodePng(hub3Payload(input as Hub3Slip)),
    [SLIP_PDF]: (input) => {
      const { slip, locale, title } = input as SlipPdfInput;
      return hub3SlipPdf(slip, { locale, title });
    },
    [RECEIPT_PDF]: (input) => {
      const { receiptId, siteName, order } = input as ReceiptPdfRecipe;
      return renderReceipt(db, siteName, receiptId, order);
    },
    [E_INVOICE]: async (input) => Buffer.from(ublInvoiceXml(input as EInvoice), "utf8"),
  };
}

/** The barcode to scan inline, and the slip to print as a PDF. */
export function slipAttachments(slip: Hub3Slip, pdf: Omit<SlipPdfInput, "slip"> & { filename: string }): AttachmentRecipe[] {
  return [
    { render: BARCODE, input: slip, filename: pdf.filename.replace(/\.pdf$/, ".png"), contentType: "image/png", cid: BARCODE_CID },
    { render: SLIP_PDF, input: { slip, locale: pdf.locale, title: pdf.title }, filename: pdf.filename, contentType: "application/pdf" },
  ];
}

/** A company's e-invoice as UBL XML, for its books. */
export function eInvoiceAttachment(invoice: EInvoice, filename: string): AttachmentRecipe {
  return { render: E_INVOICE, input: invoice, filename, contentType: "application/xml" };
}

/** What the receipt's PDF prints of the order: its lines and amounts, in the order's language whoever reads it. */
export function receiptOrderPart(order: OrderRow, lines: readonly OrderLineRow[]): ReceiptOrderPart {
  const customer = JSON.parse(order.customer) as { company?: { companyName?: string } | null };
  return {
    locale: toLocale(order.language_code) ?? "hr",
    orderNumber: order.number,
    lines: lines.map((l) => ({ name: l.name, qty: l.qty, unitCents: l.unit_cents, amountCents: l.row_cents })),
    discountCents: order.discount_cents,
    deliveryCents: order.delivery_cents,
    buyerName: customer.company?.companyName ?? null,
    voucher: order.voucher_code ? { code: formatVoucherCode(order.voucher_code), amountCents: order.voucher_cents } : null,
  };
}

/** What an attachment needs of a receipt: it is read again by id when the mail is sent. */
export interface ReceiptRef {
  id: number;
  sequence: number;
  premise: string;
  device: string;
  storno_of: number | null;
}

/** A receipt (or storno) as a PDF attachment, rendered when the mail is sent. */
export function receiptAttachment(receipt: ReceiptRef, order: ReceiptOrderPart, siteName: string): AttachmentRecipe {
  const input: ReceiptPdfRecipe = { receiptId: receipt.id, siteName, order };
  return { render: RECEIPT_PDF, input, filename: receiptFilename(receipt), contentType: "application/pdf" };
}
