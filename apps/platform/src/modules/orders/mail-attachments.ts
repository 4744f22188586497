import type { Locale } from "@shop/contracts";
import type { AttachmentRecipe, AttachmentRenderers } from "../../adapters/mail.ts";
import { type Hub3Slip, hub3BarcodePng, hub3Payload, hub3SlipPdf } from "../bank-transfer/index.ts";
import { VOUCHER_MAIL_ATTACHMENTS } from "../vouchers/index.ts";

/**
 * The files order mail attaches, made by the mail dispatcher when it sends (ADR 12): a barcode
 * takes some 20 ms and a PDF more, which the order's transaction must not wait for.
 */

const BARCODE = "hub3-barcode";
const SLIP_PDF = "hub3-slip-pdf";
/** The HTML shows the barcode inline under this content id. */
export const BARCODE_CID = "hub3-barcode";

interface SlipPdfInput {
  slip: Hub3Slip;
  locale: Locale;
  title: string;
}

/** The slip's files, and the PDFs of the gift vouchers an order bought. */
export const ORDER_MAIL_ATTACHMENTS: AttachmentRenderers = {
  ...VOUCHER_MAIL_ATTACHMENTS,
  [BARCODE]: (input) => hub3BarcodePng(hub3Payload(input as Hub3Slip)),
  [SLIP_PDF]: (input) => {
    const { slip, locale, title } = input as SlipPdfInput;
    return hub3SlipPdf(slip, { locale, title });
  },
};

/** The barcode to scan inline, and the slip to print as a PDF. */
export function slipAttachments(slip: Hub3Slip, pdf: Omit<SlipPdfInput, "slip"> & { filename: string }): AttachmentRecipe[] {
  return [
    { render: BARCODE, input: slip, filename: pdf.filename.replace(/\.pdf$/, ".png"), contentType: "image/png", cid: BARCODE_CID },
    { render: SLIP_PDF, input: { slip, locale: pdf.locale, title: pdf.title }, filename: pdf.filename, contentType: "application/pdf" },
  ];
}
