import { type RenderOptions, toBuffer } from "bwip-js";
import { zagrebTime } from "../../adapters/fiscal/zki.ts";

/** The receipt's QR code (Pravilnik čl. 18.a–18.c; reference D1). */

/** Porezna's page that checks a receipt. */
const RECEIPT_CHECK_URL = "https://porezna.gov.hr/rn";

/**
 * What the QR code carries: the check page with the JIR (the ZKI while CIS has not answered), the
 * time of issue (`datv`, yyyyMMdd_HHmm, Zagreb time) and the total (`izn`) in whole cents, as
 * fiskal-hr writes it: the sources disagree on this one field (reference D1), so it is kept here.
 */
export function receiptQrText(receipt: { jir: string | null; zki: string; issuedAt: Date; totalCents: number }): string {
  const t = zagrebTime(receipt.issuedAt);
  const code: [string, string] = receipt.jir ? ["jir", receipt.jir] : ["zki", receipt.zki];
  const query = new URLSearchParams([
    code,
    ["datv", `${t.year}${t.month}${t.day}_${t.hour}${t.minute}`],
    ["izn", String(receipt.totalCents)],
  ]);
  return `${RECEIPT_CHECK_URL}?${query}`;
}

/** bwip-js draws a QR module 2 points wide: `padding` 8 is the 4 modules of quiet zone ISO 18004 asks for. */
const QUIET_ZONE_POINTS = 8;
const PRINT_SCALE = 4;

/** The QR options of bwip-js (BWIPP) that its types leave out. */
interface QrOptions extends RenderOptions {
  eclevel: "L" | "M" | "Q" | "H";
}

/** The QR code as a PNG for print: error correction M (at least L, as the rule asks), black on white. */
export function receiptQrPng(text: string): Promise<Buffer> {
  const options: QrOptions = {
    bcid: "qrcode",
    text,
    eclevel: "M",
    scale: PRINT_SCALE,
    padding: QUIET_ZONE_POINTS,
    backgroundcolor: "ffffff",
  };
  return toBuffer(options);
}
