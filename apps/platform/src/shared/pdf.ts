import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Locale } from "@shop/contracts";

/** What the shop's PDFs (the HUB-3 slip, the receipt) share: an A4 page in DejaVu, written to a buffer. */

const require = createRequire(import.meta.url);

const fontFile = (name: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));

// DejaVu, because the PDF's standard fonts have no č, ć or đ. Read once, on the first document.
let fonts: Promise<[Buffer, Buffer, Buffer]> | undefined;
function dejaVu() {
  fonts ??= Promise.all([fontFile("DejaVuSans"), fontFile("DejaVuSans-Bold"), fontFile("DejaVuSansMono")]);
  return fonts;
}

export const PT_PER_MM = 72 / 25.4;
/** 2 cm. */
export const PDF_MARGIN = 56;

/**
 * An A4 document titled `title` in `locale`, with the fonts "sans", "bold" and "mono" registered;
 * `draw` fills it and the answer is the finished PDF.
 */
export async function renderPdf(title: string, locale: Locale, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // Loaded on the first document: pdfkit is ~7 MB of heap an idle shop need not carry.
  const [{ default: PDFDocument }, [sans, bold, mono]] = await Promise.all([import("pdfkit"), dejaVu()]);
  const doc = new PDFDocument({ size: "A4", margin: PDF_MARGIN, info: { Title: title }, lang: locale, displayTitle: true });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("sans", sans);
  doc.registerFont("bold", bold);
  doc.registerFont("mono", mono);
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
