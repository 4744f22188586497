import { describe, expect, it } from "vitest";
import { decodeQr, pdfImages, pdfObjects, pdfTextLines } from "../bank-transfer/bank-transfer.test-support.ts";
import { type ReceiptPdfInput, receiptPdf } from "./receipt-pdf.ts";
import { receiptQrText } from "./receipt-qr.ts";
import type { ReceiptRow } from "./receipts.repository.ts";

// Intl puts a no-break space between amount and currency; the reader sees a space.
const lines = async (input: ReceiptPdfInput) => pdfTextLines(await receiptPdf(input)).map((line) => line.replace(/\u00a0/g, " "));

const ZKI = "e6b0c7f1f2a54e0f9d3c2b1a09876543";
const JIR = "3b1f2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

/** A receipt as issueReceipt writes it: 11:05:09 on 15 January 2026 in Zagreb, 37,50 EUR at two rates. */
const RECEIPT: ReceiptRow = {
  id: 1,
  order_id: 1,
  oib: "12345678903",
  operator_oib: "12345678903",
  vat_registered: 1,
  premise: "POSL1",
  device: "1",
  year: 2026,
  sequence: 12,
  issued_at: "2026-01-15T10:05:09.000Z",
  total_cents: 3750,
  vat: JSON.stringify([
    { ratePercent: 25, baseCents: 2000, vatCents: 500 },
    { ratePercent: 13, baseCents: 1106, vatCents: 144 },
  ]),
  payment_method: "K",
  buyer_oib: null,
  zki: ZKI,
  jir: JIR,
  status: "delivered",
  attempts: 1,
  next_attempt_at: "2026-01-15T10:05:09.000Z",
  claimed_until: null,
  last_error: null,
  delivered_at: "2026-01-15T10:05:10.000Z",
  created_at: "2026-01-15T10:05:09.000Z",
  updated_at: "2026-01-15T10:05:10.000Z",
  storno_of: null,
  alerted_at: null,
};

const INPUT: ReceiptPdfInput = {
  locale: "hr",
  receipt: RECEIPT,
  business: { name: "Autopraonica Zagreb d.o.o.", street: "Jankomir 31", place: "10090 Zagreb" },
  orderNumber: "2026-000042",
  lines: [
    { name: "Pjena za pranje", qty: 2, unitCents: 1250, amountCents: 2500 },
    { name: "Vosak za čišćenje", qty: 1, unitCents: 1250, amountCents: 1250 },
  ],
  discountCents: 0,
  deliveryCents: 0,
  buyerName: null,
  stornoOf: null,
  voucher: null,
};

function qrOf(pdf: Buffer) {
  const images = pdfImages(pdf);
  expect(images).toHaveLength(1);
  const [image] = images;
  return decodeQr(image?.grey ?? new Uint8ClampedArray(), image?.width ?? 0, image?.height ?? 0);
}

describe("receiptPdf", () => {
  it("writes the seller, the number as sequence/premise/device, the time, lines, VAT per rate, total, payment, operator, ZKI and JIR", async () => {
    const text = await lines(INPUT);
    expect(text).toEqual(
      expect.arrayContaining([
        "Autopraonica Zagreb d.o.o.",
        "Jankomir 31",
        "10090 Zagreb",
        "OIB: 12345678903",
        "Račun 12/POSL1/1",
        "Datum i vrijeme izdavanja: 15.01.2026. 11:05:09",
        "Narudžba: 2026-000042",
        "Pjena za pranje",
        "Vosak za čišćenje",
        "2",
        "12,50 EUR",
        "25,00 EUR",
        "PDV 25 %",
        "20,00 EUR",
        "5,00 EUR",
        "PDV 13 %",
        "11,06 EUR",
        "1,44 EUR",
        "Ukupno",
        "37,50 EUR",
        "Način plaćanja: Kartica",
        "Operater (OIB): 12345678903",
        `ZKI: ${ZKI}`,
        `JIR: ${JIR}`,
      ]),
    );
    expect(text.join("\n")).not.toContain("\uFFFD");
    expect(text.join("\n")).not.toMatch(/Kupac|R1/);
  });

  it("carries the QR code of the regulation: the check page with the JIR, the time of issue and the amount", async () => {
    const qr = qrOf(await receiptPdf(INPUT));
    expect(qr.text).toBe(`https://porezna.gov.hr/rn?jir=${JIR}&datv=20260115_1105&izn=3750`);
    expect(qr.text).toBe(receiptQrText({ jir: JIR, zki: ZKI, issuedAt: new Date(RECEIPT.issued_at), totalCents: 3750 }));
    expect(qr.errorCorrectionLevel).toBe("M");
  });

  it("prints the QR code at least 2 × 2 cm with at least 2 mm of quiet zone, as the rule asks", async () => {
    const pdf = await receiptPdf(INPUT);
    const [image] = pdfImages(pdf);
    if (!image) throw new Error("the receipt has no image");
    const content = [...pdfObjects(pdf).values()].map((o) => o.stream?.toString("latin1") ?? "").join("\n");
    // pdfkit places an image with a matrix: width 0 0 -height x y cm, then draws it.
    const placed = /([\d.]+) 0 0 -([\d.]+) [\d.]+ [\d.]+ cm\s*\/I\d+ Do/.exec(content);
    const mmPerPixel = Number(placed?.[1]) / (72 / 25.4) / image.width;
    const rows = Array.from({ length: image.height }, (_, y) => image.grey.subarray(y * image.width, (y + 1) * image.width));
    const firstDark = rows.findIndex((row) => row.some((g) => g < 128));
    const lastDark = rows.findLastIndex((row) => row.some((g) => g < 128));
    expect(firstDark * mmPerPixel).toBeGreaterThanOrEqual(2);
    expect((image.height - 1 - lastDark) * mmPerPixel).toBeGreaterThanOrEqual(2);
    expect((lastDark - firstDark + 1) * mmPerPixel).toBeGreaterThanOrEqual(20);
  });

  it("says the JIR is pending and puts the ZKI in the QR code while CIS has not answered", async () => {
    const pending = { ...INPUT, receipt: { ...RECEIPT, jir: null, status: "pending_delivery" as const } };
    const text = await lines(pending);
    expect(text).toContain("JIR: čeka dostavu Poreznoj upravi");
    expect(text).toContain(`ZKI: ${ZKI}`);
    expect(text.join("\n")).not.toContain(JIR);
    expect(qrOf(await receiptPdf(pending)).text).toBe(`https://porezna.gov.hr/rn?zki=${ZKI}&datv=20260115_1105&izn=3750`);
  });

  it("makes a company's receipt an R1 with the buyer's name and OIB", async () => {
    const text = await lines({ ...INPUT, receipt: { ...RECEIPT, buyer_oib: "69435151530" }, buyerName: "Firma d.o.o." });
    expect(text).toEqual(expect.arrayContaining(["R1 račun 12/POSL1/1", "Kupac", "Firma d.o.o.", "OIB: 69435151530"]));
  });

  it("writes discount and delivery lines, and the words and amounts in English or German", async () => {
    const en = await lines({
      ...INPUT,
      locale: "en",
      discountCents: 250,
      deliveryCents: 500,
      receipt: { ...RECEIPT, payment_method: "T" },
    });
    expect(en).toEqual(
      expect.arrayContaining(["Receipt 12/POSL1/1", "Discount", "-EUR 2.50", "Delivery", "EUR 5.00", "VAT 25%", "Total", "EUR 37.50"]),
    );
    expect(en).toEqual(expect.arrayContaining(["Payment method: Bank transfer", `JIR: ${JIR}`]));
    const de = await lines({ ...INPUT, locale: "de", receipt: { ...RECEIPT, jir: null } });
    expect(de).toEqual(
      expect.arrayContaining([
        "Rechnung 12/POSL1/1",
        "MwSt. 25 %",
        "Gesamt",
        "37,50 EUR",
        "JIR: Übermittlung an die Steuerverwaltung ausstehend",
      ]),
    );
  });

  it("prints a storno as its own receipt naming the one it cancels, with negative amounts per VAT rate", async () => {
    const storno: ReceiptRow = {
      ...RECEIPT,
      id: 2,
      sequence: 13,
      storno_of: 1,
      total_cents: -1500,
      vat: JSON.stringify([
        { ratePercent: 25, baseCents: -960, vatCents: -240 },
        { ratePercent: 13, baseCents: -266, vatCents: -34 },
      ]),
    };
    const text = await lines({ ...INPUT, receipt: storno, stornoOf: "12/POSL1/1" });
    expect(text).toEqual(
      // Croatian writes the minus sign (U+2212).
      expect.arrayContaining(["Račun 13/POSL1/1", "Storno računa br. 12/POSL1/1", "\u22129,60 EUR", "\u22122,40 EUR", "\u221215,00 EUR"]),
    );
    // The storno cancels an amount, not the order's lines.
    expect(text).not.toContain("Pjena za pranje");
    expect(qrOf(await receiptPdf({ ...INPUT, receipt: storno, stornoOf: "12/POSL1/1" })).text).toContain("izn=-1500");
  });
});
