import { type RenderOptions, toBuffer, toSVG } from "bwip-js";
import { escapeHtml } from "../../shared/escape-html.ts";

/** The PDF417 options of bwip-js (BWIPP) that its types leave out. */
interface Pdf417Options extends RenderOptions {
  columns: number;
  eclevel: number;
  fixedeclevel: boolean;
  rowmult: number;
  raw: boolean;
}

/** The HUB spec's module width, for the printed slip. */
const MODULE_MM = 0.254;

/** Two modules of quiet zone, ISO 15438's minimum: 222 + 4 modules of 0.254 mm keep the symbol within the slip's 58 mm. */
const QUIET_ZONE = 2;

/** Screen pixels per module: 452 px wide, a size phone cameras read from a monitor and e-mail clients show whole. */
const SCREEN_SCALE = 2;

/** Print pixels per module in the PDF: 0.254 mm modules at 400 dpi. */
const PRINT_SCALE = 4;

/**
 * The data as PDF417 codewords in byte compaction, as the HUB spec asks (BWIPP would pick text
 * compaction for the ASCII parts): latch 924 when the bytes split into whole groups of six, else
 * 901; each group of six bytes is five base-900 digits, and leftover bytes are one codeword each.
 */
function byteCompactionCodewords(payload: string): number[] {
  const bytes = Buffer.from(payload, "utf8");
  const codewords = [bytes.length % 6 === 0 ? 924 : 901];
  let i = 0;
  for (; i + 6 <= bytes.length; i += 6) {
    let value = bytes.subarray(i, i + 6).reduce((sum, byte) => sum * 256n + BigInt(byte), 0n);
    const group: number[] = [];
    for (let k = 0; k < 5; k++) {
      group.unshift(Number(value % 900n));
      value /= 900n;
    }
    codewords.push(...group);
  }
  for (; i < bytes.length; i++) codewords.push(bytes[i] as number);
  return codewords;
}

/**
 * HUB-3: full PDF417, UTF-8 in byte compaction, error correction level 4 (fixed, so BWIPP never
 * raises it into spare room of the symbol), 9 columns, rows 3 modules high.
 */
function symbol(payload: string, scale: number): Pdf417Options {
  return {
    bcid: "pdf417",
    text: byteCompactionCodewords(payload)
      .map((cw) => `^${String(cw).padStart(3, "0")}`)
      .join(""),
    raw: true,
    columns: 9,
    eclevel: 4,
    fixedeclevel: true,
    rowmult: 3,
    scale,
    padding: QUIET_ZONE,
    // A white ground, so the symbol stays readable on a dark page or in a dark-mode mail client.
    backgroundcolor: "ffffff",
  };
}

/**
 * The barcode as an SVG for a web page: the viewBox counts modules, the width and height are its
 * screen size in CSS pixels, and CSS may scale it (max-width: 100%; height: auto). `title` names it
 * for screen readers.
 */
export function hub3BarcodeSvg(payload: string, title: string): string {
  const svg = toSVG(symbol(payload, 1));
  const viewBox = /^<svg viewBox="0 0 (\d+) (\d+)" xmlns="http:\/\/www\.w3\.org\/2000\/svg">\n/.exec(svg);
  if (!viewBox) throw new Error(`bwip-js wrote an SVG this code does not know: ${svg.slice(0, 80)}`);
  const [opening, width, height] = viewBox;
  return (
    `<svg viewBox="0 0 ${width} ${height}" width="${Number(width) * SCREEN_SCALE}" height="${Number(height) * SCREEN_SCALE}"` +
    ` xmlns="http://www.w3.org/2000/svg" role="img" shape-rendering="crispEdges">\n<title>${escapeHtml(title)}</title>\n` +
    svg.slice(opening.length)
  );
}

/** The barcode as a PNG for an e-mail (2 pixels per module, about 450 px wide). */
export function hub3BarcodePng(payload: string): Promise<Buffer> {
  return toBuffer(symbol(payload, SCREEN_SCALE));
}

/** The barcode for print, with its size at the spec's 0.254 mm module (quiet zone included). */
export async function hub3BarcodeForPrint(payload: string): Promise<{ png: Buffer; widthMm: number; heightMm: number }> {
  const png = await toBuffer(symbol(payload, PRINT_SCALE));
  // The PNG's width and height sit at bytes 16 and 20 of its IHDR chunk.
  const modules = (offset: number) => png.readUInt32BE(offset) / PRINT_SCALE;
  return { png, widthMm: modules(16) * MODULE_MM, heightMm: modules(20) * MODULE_MM };
}
