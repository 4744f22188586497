import { describe, expect, it } from "vitest";
import { decodePdf417, GOLDEN_SLIP, pdfImages, pdfObjects, pdfTextLines } from "./bank-transfer.test-support.ts";
import { Hub3Error, hub3Payload } from "./hub3-payload.ts";
import { hub3SlipPdf } from "./hub3-slip-pdf.ts";

const TITLE = "Uplatnica za narudžbu 2026-000123";
// Intl puts a no-break space between amount and currency; the reader sees a space.
const lines = (pdf: Buffer) => pdfTextLines(pdf).map((line) => line.replace(/\u00a0/g, " "));

describe("hub3SlipPdf", () => {
  it("is one A4 page of PDF", async () => {
    const pdf = await hub3SlipPdf(GOLDEN_SLIP, { locale: "hr", title: TITLE });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    const pages = [...pdfObjects(pdf).values()].filter((o) => /\/Type \/Page\b(?!s)/.test(o.dict));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.dict).toContain("/MediaBox [0 0 595.28 841.89]");
    expect([...pdfObjects(pdf).values()].find((o) => /\/Type \/Pages\b/.test(o.dict))?.dict).toMatch(/\/Count 1\b/);
  });

  it("carries the barcode, which decodes back to the slip's payload at level 4", async () => {
    const pdf = await hub3SlipPdf(GOLDEN_SLIP, { locale: "hr", title: TITLE });
    const images = pdfImages(pdf);
    expect(images).toHaveLength(1);
    const [image] = images;
    const decoded = decodePdf417(image?.grey ?? new Uint8ClampedArray(), image?.width ?? 0, image?.height ?? 0);
    expect(decoded.text).toBe(hub3Payload(GOLDEN_SLIP));
    expect(decoded.errorCorrectionLevel).toBe("4");
  });

  it("writes the slip's fields with their Croatian labels, every letter in the embedded font", async () => {
    const text = lines(await hub3SlipPdf(GOLDEN_SLIP, { locale: "hr", title: TITLE }));
    expect(text).toEqual(
      expect.arrayContaining([
        TITLE,
        "Platitelj",
        "Ivan Horvat",
        "Ilica 1",
        "Primatelj",
        "Autopraonica d.o.o.",
        "Zagrebačka cesta 10",
        "10000 Zagreb",
        "Iznos",
        "123,55 EUR",
        "IBAN primatelja",
        "HR12 1001 0051 8630 0016 0",
        "Model",
        "HR00",
        "Poziv na broj primatelja",
        "2026-000123",
        "Šifra namjene",
        "OTHR",
        "Opis plaćanja",
        "Narudžba 2026-000123",
      ]),
    );
    // U+FFFD stands for glyph 0 (a missing letter's box) or a glyph without text.
    expect(text.join("\n")).not.toContain("\uFFFD");
  });

  it("labels in English or German, writes the amount in that language's style, and takes the caller's labels", async () => {
    const en = lines(await hub3SlipPdf({ ...GOLDEN_SLIP, amountCents: 123456 }, { locale: "en", title: "Payment slip" }));
    expect(en).toEqual(expect.arrayContaining(["Payment slip", "Payer", "Recipient", "Amount", "EUR 1,234.56", "Reference"]));
    const de = lines(await hub3SlipPdf(GOLDEN_SLIP, { locale: "de", title: "Zahlschein", labels: { reference: "Zahlungsreferenz" } }));
    expect(de).toEqual(expect.arrayContaining(["Zahler", "Empfänger", "Betrag", "123,55 EUR", "Zahlungsreferenz", "Verwendungszweck"]));
    expect(de).not.toContain("Referenz");
  });

  it("shows the values as the barcode carries them: shortened and transliterated like the payload", async () => {
    const slip = { ...GOLDEN_SLIP, payer: { ...GOLDEN_SLIP.payer, name: "Ana-Marija Horvat Kovačević Šimić" } };
    const text = lines(await hub3SlipPdf(slip, { locale: "hr", title: TITLE, transliterate: true }));
    expect(text).toEqual(expect.arrayContaining(["Ana-Marija Horvat Kovacevic Si", "Zagrebacka cesta 10", "Narudzba 2026-000123"]));
  });

  it("refuses a slip the shop cannot issue, as hub3Payload does", async () => {
    await expect(hub3SlipPdf({ ...GOLDEN_SLIP, iban: "HR1210010051863000161" }, { locale: "hr", title: TITLE })).rejects.toThrow(Hub3Error);
  });
});
