import type { Locale } from "@shop/contracts";
import { formatPrice, t } from "@shop/i18n";
import type { FiscalVat } from "../../adapters/fiscal/index.ts";
import { zagrebTime } from "../../adapters/fiscal/zki.ts";
import { PDF_MARGIN as MARGIN, PT_PER_MM, renderPdf } from "../../shared/pdf.ts";
import { receiptQrPng, receiptQrText } from "./receipt-qr.ts";
import type { ReceiptRow } from "./receipts.repository.ts";

/** The seller as the receipt names it; the OIB is the receipt's own (the one its ZKI was signed for). */
export interface ReceiptBusiness {
  name: string;
  street: string;
  place: string;
}

export interface ReceiptLine {
  name: string;
  qty: number;
  unitCents: number;
  amountCents: number;
}

export interface ReceiptPdfInput {
  locale: Locale;
  receipt: ReceiptRow;
  business: ReceiptBusiness;
  orderNumber: string;
  lines: ReceiptLine[];
  /** Order-level amounts beside the lines (zero: not printed). */
  discountCents: number;
  deliveryCents: number;
  /** The company of an R1 receipt; its OIB is the receipt's buyer OIB. */
  buyerName: string | null;
  /** A storno receipt: the printed number of the receipt it cancels; its own lines are not printed. */
  stornoOf: string | null;
  /** The part a gift voucher paid (printed under the way of paying). */
  voucher: { code: string; amountCents: number } | null;
}

/** The receipt's number as it is printed: sequence/premise/device (BrOznRac/OznPosPr/OznNapUr). */
export const receiptNumber = (r: Pick<ReceiptRow, "sequence" | "premise" | "device">) => `${r.sequence}/${r.premise}/${r.device}`;

/** The issue time as the ZKI signed it (Zagreb time), written the same way in every language. */
function issuedText(at: Date): string {
  const z = zagrebTime(at);
  return `${z.day}.${z.month}.${z.year}. ${z.hour}:${z.minute}:${z.second}`;
}

/** The QR code's printed size with its quiet zone: the symbol stays above the rule's 2 × 2 cm and the zone above 2 mm. */
const QR_MM = 30;
const ROW_GAP = 4;

/**
 * One A4 page: the seller with its OIB, the receipt's number and time, the buyer of an R1 receipt,
 * the lines, VAT per rate, the total, the way of paying, the operator, ZKI and JIR ('pending' until
 * CIS answers), and the QR code of the regulation. Texts in the order's language (receipt.pdf.*).
 */
export async function receiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const { locale, receipt, business } = input;
  const tr = (key: string, params?: Record<string, string | number>) => t(locale, `receipt.pdf.${key}`, params);
  const money = (cents: number) => formatPrice(locale, cents / 100, "EUR", "code");
  const issuedAt = new Date(receipt.issued_at);
  const qr = await receiptQrPng(receiptQrText({ jir: receipt.jir, zki: receipt.zki, issuedAt, totalCents: receipt.total_cents }));
  const number = receiptNumber(receipt);
  const title = tr(receipt.buyer_oib ? "titleR1" : "title", { number });

  return renderPdf(title, locale, (doc) => {
    const width = doc.page.width - 2 * MARGIN;
    const text = (value: string, x: number, y: number, w: number, align: "left" | "right" = "left") =>
      doc.text(value, x, y, { width: w, align, lineBreak: false });

    doc.font("bold").fontSize(12).fillColor("#000").text(business.name, MARGIN, MARGIN, { width });
    doc.font("sans").fontSize(10);
    for (const line of [business.street, business.place, tr("oib", { oib: receipt.oib })].filter((l) => l !== "")) {
      doc.text(line, MARGIN, doc.y, { width });
    }

    doc.moveDown(1).font("bold").fontSize(18).text(title, MARGIN, doc.y, { width });
    doc.font("sans").fontSize(10).moveDown(0.3);
    doc.text(tr("issued", { date: issuedText(issuedAt) }), MARGIN, doc.y, { width });
    doc.text(tr("order", { number: input.orderNumber }), MARGIN, doc.y, { width });
    if (input.stornoOf)
      doc
        .font("bold")
        .text(tr("stornoOf", { number: input.stornoOf }), MARGIN, doc.y, { width })
        .font("sans");
    if (receipt.buyer_oib) {
      doc.moveDown(0.5).font("bold").text(tr("buyer"), MARGIN, doc.y, { width });
      doc.font("sans");
      if (input.buyerName) doc.text(input.buyerName, MARGIN, doc.y, { width });
      doc.text(tr("oib", { oib: receipt.buyer_oib }), MARGIN, doc.y, { width });
    }

    // Columns: name | quantity | unit price | amount.
    const amountW = 90;
    const unitW = 90;
    const qtyW = 50;
    const nameW = width - amountW - unitW - qtyW;
    const qtyX = MARGIN + nameW;
    const unitX = qtyX + qtyW;
    const amountX = unitX + unitW;
    const rule = (y: number) =>
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.5)
        .strokeColor("#888")
        .stroke();

    let y = doc.y + 16;
    doc.font("bold").fontSize(9);
    text(tr("item"), MARGIN, y, nameW);
    text(tr("qty"), qtyX, y, qtyW, "right");
    text(tr("unitPrice"), unitX, y, unitW, "right");
    text(tr("amount"), amountX, y, amountW, "right");
    y = doc.y + ROW_GAP;
    rule(y);
    y += ROW_GAP;
    doc.font("sans").fontSize(10);
    const row = (name: string, cells: [string, string, string]) => {
      doc.text(name, MARGIN, y, { width: nameW - 8 });
      const next = doc.y;
      text(cells[0], qtyX, y, qtyW, "right");
      text(cells[1], unitX, y, unitW, "right");
      text(cells[2], amountX, y, amountW, "right");
      y = Math.max(next, doc.y) + ROW_GAP;
    };
    if (input.stornoOf) {
      // A storno cancels an amount split over the VAT rates (receipts.service issueStorno), not lines.
      row(tr("stornoOf", { number: input.stornoOf }), ["", "", money(receipt.total_cents)]);
    } else {
      for (const line of input.lines) row(line.name, [String(line.qty), money(line.unitCents), money(line.amountCents)]);
      if (input.discountCents > 0) row(tr("discount"), ["", "", money(-input.discountCents)]);
      if (input.deliveryCents > 0) row(tr("delivery"), ["", "", money(input.deliveryCents)]);
    }
    rule(y);
    y += ROW_GAP * 2;

    // VAT per rate: rate | base | tax, under the amounts.
    const vat = JSON.parse(receipt.vat) as FiscalVat[];
    doc.font("bold").fontSize(9);
    text(tr("vatRate"), MARGIN, y, nameW);
    text(tr("vatBase"), unitX, y, unitW, "right");
    text(tr("vatTax"), amountX, y, amountW, "right");
    y = doc.y + ROW_GAP;
    doc.font("sans").fontSize(10);
    for (const v of vat) {
      text(tr("vatLine", { rate: v.ratePercent }), MARGIN, y, nameW);
      text(money(v.baseCents), unitX, y, unitW, "right");
      text(money(v.vatCents), amountX, y, amountW, "right");
      y = doc.y + ROW_GAP;
    }
    if (receipt.vat_registered !== 1) {
      text(tr("notVatRegistered"), MARGIN, y, width);
      y = doc.y + ROW_GAP;
    }
    y += ROW_GAP;
    doc.font("bold").fontSize(12);
    text(tr("total"), MARGIN, y, nameW);
    text(money(receipt.total_cents), unitX, y, unitW + amountW, "right");
    y = doc.y + 16;

    doc.font("sans").fontSize(10);
    const method = tr(`method.${receipt.payment_method}`);
    const voucher = input.voucher ? [tr("voucher", { code: input.voucher.code, amount: money(input.voucher.amountCents) })] : [];
    for (const line of [tr("payment", { method }), ...voucher, tr("operator", { oib: receipt.operator_oib })]) {
      doc.text(line, MARGIN, y, { width });
      y = doc.y;
    }
    y += 8;
    doc.font("mono").fontSize(9);
    doc.text(tr("zki", { zki: receipt.zki }), MARGIN, y, { width });
    doc.text(receipt.jir ? tr("jir", { jir: receipt.jir }) : tr("jirPending"), MARGIN, doc.y, { width });

    y = doc.y + 12;
    const size = QR_MM * PT_PER_MM;
    doc.image(qr, MARGIN, y, { width: size, height: size });
    doc
      .font("sans")
      .fontSize(9)
      .fillColor("#333")
      .text(tr("qr"), MARGIN + size + 12, y + size / 2 - 6, { width: width - size - 12 });
  });
}
