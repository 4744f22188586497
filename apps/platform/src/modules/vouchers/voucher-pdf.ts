import type { Locale } from "@shop/contracts";
import { formatPrice, t } from "@shop/i18n";
import { type RenderOptions, toBuffer } from "bwip-js";
import { PDF_MARGIN as MARGIN, PT_PER_MM, renderPdf } from "../../shared/pdf.ts";
import { formatVoucherCode } from "./voucher-code.ts";

/** What a voucher's PDF prints: plain data, so the mail dispatcher can make it from the outbox row (ADR 12). */
export interface VoucherPdfInput {
  locale: Locale;
  shop: string;
  code: string;
  valueCents: number;
  expiresAt: string;
  orderNumber: string;
}

interface QrOptions extends RenderOptions {
  eclevel: "L" | "M" | "Q" | "H";
}

/** The code as a QR code, for the till's scanner (the same bwip-js set-up as the receipt's QR). */
function codeQrPng(code: string): Promise<Buffer> {
  const options: QrOptions = { bcid: "qrcode", text: code, eclevel: "M", scale: 4, padding: 8, backgroundcolor: "ffffff" };
  return toBuffer(options);
}

/** The last day a voucher counts, in Zagreb, in the reader's words. */
export function expiryText(locale: Locale, expiresAt: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Zagreb" }).format(new Date(expiresAt));
}

const QR_MM = 35;

/** One A4 page: the shop, the value, the code in large type with its QR code, the expiry and how to use it. */
export async function voucherPdf(input: VoucherPdfInput): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, string | number>) => t(input.locale, `voucher.pdf.${key}`, params);
  const qr = await codeQrPng(input.code);
  const title = tr("title");
  return renderPdf(title, input.locale, (doc) => {
    const width = doc.page.width - 2 * MARGIN;
    doc.font("bold").fontSize(12).fillColor("#000").text(input.shop, MARGIN, MARGIN, { width });
    doc.moveDown(1.5).fontSize(26).text(title, MARGIN, doc.y, { width });
    doc
      .moveDown(0.5)
      .fontSize(20)
      .text(formatPrice(input.locale, input.valueCents / 100, "EUR", "code"), MARGIN, doc.y, { width });
    doc.moveDown(1).font("sans").fontSize(10).text(tr("code"), MARGIN, doc.y, { width });
    doc.font("mono").fontSize(22).text(formatVoucherCode(input.code), MARGIN, doc.y, { width });
    const size = QR_MM * PT_PER_MM;
    doc.image(qr, MARGIN, doc.y + 10, { width: size, height: size });
    doc.y += size + 20;
    doc.font("sans").fontSize(11);
    doc.text(tr("validUntil", { date: expiryText(input.locale, input.expiresAt) }), MARGIN, doc.y, { width });
    doc.moveDown(0.5).text(tr("howTo"), MARGIN, doc.y, { width });
    doc
      .moveDown(0.5)
      .fontSize(9)
      .fillColor("#444")
      .text(tr("order", { number: input.orderNumber }), MARGIN, doc.y, { width });
  });
}

export const voucherFilename = (code: string) => `poklon-bon-${formatVoucherCode(code)}.pdf`;
