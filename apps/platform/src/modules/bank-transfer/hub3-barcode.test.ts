import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePdf417, decodePng, GOLDEN_SLIP, rasterizeSvg } from "./bank-transfer.test-support.ts";
import { hub3BarcodePng, hub3BarcodeSvg } from "./hub3-barcode.ts";
import { hub3Payload } from "./hub3-payload.ts";

const GOLDEN = hub3Payload(GOLDEN_SLIP);

/**
 * Rows of a 9-column symbol at error correction level 4 when the data is byte-compacted: length
 * descriptor, latch, five codewords per six bytes and one per leftover byte, 32 for error correction.
 */
function byteCompactedRows(payload: string): number {
  const bytes = Buffer.byteLength(payload, "utf8");
  const codewords = 1 + 1 + 5 * Math.floor(bytes / 6) + (bytes % 6) + 32;
  return Math.max(3, Math.ceil(codewords / 9));
}

// A symbol 9 columns wide is 222 modules: start 17, left indicator 17, 9 × 17, right indicator 17, stop 18.
const MODULES_WIDE = 222;
const QUIET_ZONE = 2;

describe("hub3BarcodePng", () => {
  it("decodes back to exactly the golden payload, at error correction level 4", async () => {
    const decoded = decodePng(await hub3BarcodePng(GOLDEN));
    expect(decoded.text).toBe(GOLDEN);
    expect(decoded.errorCorrectionLevel).toBe("4");
  });

  it("is 9 columns of byte compaction with rows 3 modules high, 2 pixels a module, within a 2-module quiet zone", async () => {
    const { width, height } = decodePng(await hub3BarcodePng(GOLDEN));
    // 182 bytes take 21 rows in byte compaction; BWIPP's own choice (text compaction) takes 17.
    expect(byteCompactedRows(GOLDEN)).toBe(21);
    expect(width).toBe((MODULES_WIDE + 2 * QUIET_ZONE) * 2);
    expect(height).toBe((byteCompactedRows(GOLDEN) * 3 + 2 * QUIET_ZONE) * 2);
  });

  it("decodes whatever the bytes leave over after groups of six (latch 924 for none, 901 with 1 to 5)", async () => {
    const remainders = new Set<number>();
    for (let extra = 1; extra <= 6; extra++) {
      const payload = hub3Payload({ ...GOLDEN_SLIP, payer: { ...GOLDEN_SLIP.payer, name: `Šime ${"A".repeat(extra)}` } });
      remainders.add(Buffer.byteLength(payload, "utf8") % 6);
      expect(decodePng(await hub3BarcodePng(payload)).text).toBe(payload);
    }
    expect([...remainders].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  const letter = fc.constantFrom(..."abcdefghijklmnoprstuvzčćđšžABCDEFGHIJKLMNOPRSTUVZČĆĐŠŽ");
  const word = fc.string({ unit: letter, minLength: 1, maxLength: 12 });
  const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(" "));
  const slip = fc.record({
    name: words(3),
    street: fc.tuple(words(3), fc.integer({ min: 1, max: 300 })).map(([w, n]) => `${w} ${n}`),
    place: fc.tuple(fc.integer({ min: 10000, max: 53296 }), words(2)).map(([code, town]) => `${code} ${town}`),
    amountCents: fc.integer({ min: 1, max: 999_999_999_999_999 }),
  });

  it("carries any Croatian payer and amount: encode, decode, the same payload", async () => {
    await fc.assert(
      fc.asyncProperty(slip, async ({ name, street, place, amountCents }) => {
        const payload = hub3Payload({ ...GOLDEN_SLIP, payer: { name, street, place }, amountCents });
        const decoded = decodePng(await hub3BarcodePng(payload));
        expect(decoded.text).toBe(payload);
        expect(decoded.height).toBe((byteCompactedRows(payload) * 3 + 2 * QUIET_ZONE) * 2);
      }),
      { numRuns: 40 },
    );
  });
});

describe("hub3BarcodeSvg", () => {
  it("draws the same symbol: painted, it decodes back to the payload at level 4", () => {
    const { grey, width, height } = rasterizeSvg(hub3BarcodeSvg(GOLDEN, "Barkod"), 3);
    const decoded = decodePdf417(grey, width, height);
    expect(decoded.text).toBe(GOLDEN);
    expect(decoded.errorCorrectionLevel).toBe("4");
  });

  it("counts modules in its viewBox, is 2 CSS pixels a module, and is named for screen readers", () => {
    const svg = hub3BarcodeSvg(GOLDEN, 'Barkod za plaćanje narudžbe "2026-000123" <HUB-3> & više');
    const wide = MODULES_WIDE + 2 * QUIET_ZONE;
    const high = byteCompactedRows(GOLDEN) * 3 + 2 * QUIET_ZONE;
    expect(svg).toMatch(
      new RegExp(
        `^<svg viewBox="0 0 ${wide} ${high}" width="${wide * 2}" height="${high * 2}" xmlns="http://www.w3.org/2000/svg" role="img"`,
      ),
    );
    expect(svg).toContain("<title>Barkod za plaćanje narudžbe &quot;2026-000123&quot; &lt;HUB-3&gt; &amp; više</title>");
    // A white ground under the modules, for dark pages.
    expect(svg).toMatch(/<title>[^<]*<\/title>\n<rect width="100%" height="100%" fill="#ffffff" \/>\n<path d="/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });
});
