import { inflateSync } from "node:zlib";
import zxing from "@zxing/library";
import { PNG } from "pngjs";
import type { Hub3Slip } from "./hub3-payload.ts";

/** Shared by the barcode and PDF tests: the reference's golden slip, and reading barcodes and PDFs back. */

/** The golden example of the research notes (orders-and-payments.md, section C). */
export const GOLDEN_SLIP: Hub3Slip = {
  amountCents: 12355,
  currency: "EUR",
  payer: { name: "Ivan Horvat", street: "Ilica 1", place: "10000 Zagreb" },
  recipient: { name: "Autopraonica d.o.o.", street: "Zagrebačka cesta 10", place: "10000 Zagreb" },
  iban: "HR1210010051863000160",
  model: "HR00",
  reference: "2026-000123",
  purposeCode: "OTHR",
  description: "Narudžba 2026-000123",
};

interface Decoded {
  text: string;
  errorCorrectionLevel: unknown;
}

// zxing returns the symbol's bytes (it carries no ECI) decoded by TextDecoder("ISO-8859-1"), which the
// Encoding standard reads as windows-1252: 0x87, the second byte of "ć", comes back as "‡", so a
// Latin-1 re-decode breaks ć, đ, Ć and Č. Each of the 256 bytes gives its own character; map them back.
const windows1252 = new TextDecoder("windows-1252");
const BYTE_OF = new Map(Array.from({ length: 256 }, (_, byte) => [windows1252.decode(Uint8Array.of(byte)), byte]));

function bytesOf(zxingText: string): Buffer {
  return Buffer.from(
    Array.from(zxingText, (c) => {
      const byte = BYTE_OF.get(c);
      if (byte === undefined) throw new Error(`zxing returned ${JSON.stringify(c)}, which is no byte of windows-1252`);
      return byte;
    }),
  );
}

/** Reads a PDF417 symbol from grey levels (0 black .. 255 white), one byte per pixel. */
export function decodePdf417(grey: Uint8ClampedArray, width: number, height: number): Decoded {
  const { BinaryBitmap, HybridBinarizer, PDF417Reader, RGBLuminanceSource, ResultMetadataType } = zxing;
  const result = new PDF417Reader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height))));
  return {
    text: bytesOf(result.getText()).toString("utf8"),
    errorCorrectionLevel: result.getResultMetadata().get(ResultMetadataType.ERROR_CORRECTION_LEVEL),
  };
}

/**
 * Reads a QR code from grey levels (0 black .. 255 white), one byte per pixel: its text and error
 * correction level. The image is the symbol and its quiet zone alone (PURE_BARCODE): zxing's finder
 * search otherwise misjudges the size of some clean, axis-aligned symbols.
 */
export function decodeQr(grey: Uint8ClampedArray, width: number, height: number): Decoded {
  const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource, ResultMetadataType } = zxing;
  const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
  const result = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height))), hints);
  return { text: result.getText(), errorCorrectionLevel: result.getResultMetadata().get(ResultMetadataType.ERROR_CORRECTION_LEVEL) };
}

/** Grey levels of pixels given as `channels` bytes each (RGB or RGBA); alpha is ignored: the symbols are opaque. */
function greyOf(pixels: Uint8Array, width: number, height: number, channels: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < grey.length; i++) {
    const p = i * channels;
    grey[i] = ((pixels[p] as number) + (pixels[p + 1] as number) + (pixels[p + 2] as number)) / 3;
  }
  return grey;
}

export function decodePng(png: Buffer): Decoded & { width: number; height: number } {
  const image = PNG.sync.read(png);
  return {
    ...decodePdf417(greyOf(image.data, image.width, image.height, 4), image.width, image.height),
    width: image.width,
    height: image.height,
  };
}

/**
 * Paints an SVG of bwip-js (a white rect, then one path of straight horizontal and vertical lines,
 * filled even-odd) at `scale` pixels per viewBox unit, sampling each pixel at its centre.
 */
export function rasterizeSvg(svg: string, scale: number): { grey: Uint8ClampedArray; width: number; height: number } {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const d = /<path d="([^"]+)"/.exec(svg);
  if (!viewBox || !d?.[1]) throw new Error("not an SVG of bwip-js");
  const width = Number(viewBox[1]) * scale;
  const height = Number(viewBox[2]) * scale;
  const edges: { x: number; top: number; bottom: number }[] = [];
  for (const subpath of d[1].split("Z").filter((p) => p.trim() !== "")) {
    const points = [...subpath.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map(
      (m) => [Number(m[1]) * scale, Number(m[2]) * scale] as const,
    );
    points.forEach(([x, y], i) => {
      const [nextX, nextY] = points[(i + 1) % points.length] as readonly [number, number];
      if (x !== nextX && y !== nextY) throw new Error("a slanted edge: this painter only knows straight ones");
      if (x === nextX && y !== nextY) edges.push({ x, top: Math.min(y, nextY), bottom: Math.max(y, nextY) });
    });
  }
  const grey = new Uint8ClampedArray(width * height).fill(255);
  for (let row = 0; row < height; row++) {
    const y = row + 0.5;
    const crossings = edges
      .filter((e) => e.top <= y && y < e.bottom)
      .map((e) => e.x)
      .sort((a, b) => a - b);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      for (let x = Math.ceil((crossings[i] as number) - 0.5); x + 0.5 < (crossings[i + 1] as number); x++) grey[row * width + x] = 0;
    }
  }
  return { grey, width, height };
}

interface PdfObject {
  dict: string;
  stream: Buffer | undefined;
}

/** The objects of a PDF as pdfkit writes them (no object streams), with their streams inflated. */
export function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const text = pdf.toString("latin1");
  const objects = new Map<string, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length;
    const body = text.slice(start, text.indexOf("endobj", start));
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(match[1] as string, { dict: body, stream: undefined });
      continue;
    }
    const dict = body.slice(0, at);
    const dataStart = start + at + (body.startsWith("stream\r\n", at) ? 8 : 7);
    const raw = pdf.subarray(dataStart, dataStart + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    objects.set(match[1] as string, { dict, stream: /\/Filter \/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return objects;
}

const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];

/** The glyph → text table of a ToUnicode CMap (pdfkit writes bfrange arrays; bfchar is read too). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of (body as string).matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const first = Number.parseInt(from as string, 16);
      const last = Number.parseInt(to as string, 16);
      const targets = [...(target as string).matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1] as string);
      for (let code = first; code <= last; code++) {
        if ((target as string).startsWith("[")) map.set(code, utf16(targets[code - first] as string));
        else map.set(code, String.fromCharCode(Number.parseInt(targets[0] as string, 16) + code - first));
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of (body as string).matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(Number.parseInt(code as string, 16), utf16(target as string));
    }
  }
  return map;
}

/**
 * The text lines of a one-page pdfkit PDF: each text object (BT … ET, one per line pdfkit writes),
 * its glyphs read through its font's ToUnicode table. A glyph the table lacks, or glyph 0 (the font's
 * "missing character" box), reads as U+FFFD.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const page = [...objects.values()].find((o) => /\/Type \/Page\b(?!s)/.test(o.dict));
  const resources = objects.get(ref(page?.dict ?? "", "Resources") ?? "")?.dict ?? "";
  const fonts = new Map<string, Map<number, string>>();
  for (const [, name, id] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const cmap = objects.get(ref(objects.get(id as string)?.dict ?? "", "ToUnicode") ?? "")?.stream;
    fonts.set(name as string, toUnicode(cmap?.toString("latin1") ?? ""));
  }
  const content = objects.get(ref(page?.dict ?? "", "Contents") ?? "")?.stream?.toString("latin1") ?? "";
  return [...content.matchAll(/BT([\s\S]*?)ET/g)].map(([, block]) => {
    const font = fonts.get(/\/(F\d+) [\d.]+ Tf/.exec(block as string)?.[1] ?? "");
    const glyphs = [...(block as string).matchAll(/<([0-9a-f]+)>/gi)].flatMap((m) => (m[1] as string).match(/.{4}/g) ?? []);
    return glyphs
      .map((hex) => Number.parseInt(hex, 16))
      .map((gid) => (gid === 0 ? undefined : font?.get(gid)) ?? "\uFFFD")
      .join("");
  });
}

/** The page's images (pdfkit writes them as 8-bit DeviceRGB, Flate-compressed), as grey levels. */
export function pdfImages(pdf: Buffer): { grey: Uint8ClampedArray; width: number; height: number }[] {
  return [...pdfObjects(pdf).values()]
    .filter((o) => /\/Subtype \/Image/.test(o.dict) && /\/ColorSpace \/DeviceRGB/.test(o.dict))
    .map((o) => {
      const width = Number(/\/Width (\d+)/.exec(o.dict)?.[1]);
      const height = Number(/\/Height (\d+)/.exec(o.dict)?.[1]);
      if (/\/DecodeParms/.test(o.dict) || !o.stream)
        throw new Error("an image with PNG predictors: not what pdfkit writes for an RGBA PNG");
      return { grey: greyOf(o.stream, width, height, 3), width, height };
    });
}
