import type { Locale } from "@shop/contracts";
import { formatPrice, t } from "@shop/i18n";
import { PDF_MARGIN as MARGIN, PT_PER_MM, renderPdf } from "../../shared/pdf.ts";
import { hub3BarcodeForPrint } from "./hub3-barcode.ts";
import { fitHub3Slip, type Hub3Options, type Hub3Slip, hub3Payload } from "./hub3-payload.ts";

export type Hub3SlipLabel = "payer" | "recipient" | "amount" | "iban" | "model" | "reference" | "purposeCode" | "description" | "scan";

export interface Hub3SlipPdfOptions extends Hub3Options {
  locale: Locale;
  /** The page's heading and the document's title, e.g. "Uplatnica za narudžbu 2026-000123". */
  title: string;
  /** Texts that replace the i18n labels (bankTransfer.slip.*). */
  labels?: Partial<Record<Hub3SlipLabel, string>>;
}

const BOX_PADDING = 14;
const COLUMN_GAP = 20;
const FIELD_GAP = 10;

/** The IBAN in groups of four, as it is printed (ISO 13616's paper format). */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * An A4 page with the HUB-3A slip's data in two columns (payer and recipient; amount, IBAN, model,
 * reference, purpose and description) and the barcode at the spec's physical size. The values are
 * those of the barcode (fitHub3Slip), so what is read and what is scanned agree; a slip the shop
 * cannot issue throws the same Hub3Error as hub3Payload.
 */
export async function hub3SlipPdf(slip: Hub3Slip, options: Hub3SlipPdfOptions): Promise<Buffer> {
  const fitted = fitHub3Slip(slip, options);
  const barcode = await hub3BarcodeForPrint(hub3Payload(fitted, options));
  const label = (key: Hub3SlipLabel) => options.labels?.[key] ?? t(options.locale, `bankTransfer.slip.${key}`);

  return renderPdf(options.title, options.locale, (doc) => {
    const width = doc.page.width - 2 * MARGIN;
    doc.font("bold").fontSize(18).fillColor("#000").text(options.title, MARGIN, MARGIN, { width });
    doc.moveDown(0.4).font("sans").fontSize(10).fillColor("#333").text(label("scan"), MARGIN, doc.y, { width });

    const boxTop = doc.y + 16;
    const columnWidth = (width - 2 * BOX_PADDING - COLUMN_GAP) / 2;
    const leftX = MARGIN + BOX_PADDING;
    const rightX = leftX + columnWidth + COLUMN_GAP;

    /** A label over its value lines; answers where the next field starts. */
    const field = (x: number, y: number, name: string, lines: string[], font = "sans", size = 11) => {
      doc.font("sans").fontSize(8).fillColor("#555").text(name, x, y, { width: columnWidth });
      doc.font(font).fontSize(size).fillColor("#000");
      for (const line of lines.filter((l) => l !== "")) doc.text(line, x, doc.y, { width: columnWidth });
      return doc.y + FIELD_GAP;
    };

    let leftY = boxTop + BOX_PADDING;
    leftY = field(leftX, leftY, label("payer"), [fitted.payer.name, fitted.payer.street, fitted.payer.place]);
    leftY = field(leftX, leftY, label("recipient"), [fitted.recipient.name, fitted.recipient.street, fitted.recipient.place]);

    let rightY = boxTop + BOX_PADDING;
    rightY = field(
      rightX,
      rightY,
      label("amount"),
      [formatPrice(options.locale, fitted.amountCents / 100, fitted.currency, "code")],
      "bold",
      14,
    );
    rightY = field(rightX, rightY, label("iban"), [grouped(fitted.iban)], "mono");
    rightY = field(rightX, rightY, label("model"), [fitted.model], "mono");
    if (fitted.reference !== "") rightY = field(rightX, rightY, label("reference"), [fitted.reference], "mono");
    if (fitted.purposeCode !== "") rightY = field(rightX, rightY, label("purposeCode"), [fitted.purposeCode], "mono");
    rightY = field(rightX, rightY, label("description"), [fitted.description]);

    // The barcode (57.4 mm at most, 162 pt) fits the left column, under the recipient.
    const barcodeHeight = barcode.heightMm * PT_PER_MM;
    doc.image(barcode.png, leftX, leftY, { width: barcode.widthMm * PT_PER_MM, height: barcodeHeight });
    const boxBottom = Math.max(leftY + barcodeHeight, rightY - FIELD_GAP) + BOX_PADDING;
    doc
      .rect(MARGIN, boxTop, width, boxBottom - boxTop)
      .lineWidth(0.75)
      .strokeColor("#888")
      .stroke();
  });
}
