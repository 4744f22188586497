import { crc32, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePieces, splice } from "./gzip-splice.ts";

const page = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p class="card">Proizvod ${i}: Šampon za pranje – ${"x".repeat(i % 37)}</p>`).join("");

describe("gzip splicing", () => {
  it("gives the page with this answer's nonce in every slot, a valid gzip stream with the right CRC and length", async () => {
    const html = `<html><script nonce="NONCE">a()</script>${page(2000)}<script nonce="NONCE">b()</script>${page(50)}<script nonce="NONCE"></script>`;
    const pieces = await deflatePieces(
      html.split("NONCE").map((p) => Buffer.from(p)),
      22,
    );
    for (const nonce of ["abcDEF123_-xyz09876543", "Zz9-_0aaaaaaaaaaaaaaaa"]) {
      const gz = Buffer.concat(splice(pieces, [Buffer.from(nonce)], [0, 0, 0]));
      // gunzip checks the trailer's CRC-32 and length, so a wrong combination fails here.
      const expected = html.replaceAll("NONCE", nonce);
      expect(gunzipSync(gz).toString()).toBe(expected);
      expect(gz.readUInt32LE(gz.length - 8)).toBe(crc32(expected));
      // The dictionaries keep the splice within a few per cent of one gzip stream.
      expect(gz.length).toBeLessThan(gzipSync(expected).length * 1.05);
    }
  });

  it("fills each slot with its own value: the nonce's slots with the nonce, the view key's with the view key", async () => {
    const html = `<script nonce="N">a</script>${page(300)}<input value="K.1"><input value="K.2"><script nonce="N">b</script>`;
    const parts = html.split(/N|K/);
    const pieces = await deflatePieces(
      parts.map((p) => Buffer.from(p)),
      4,
    );
    const gz = Buffer.concat(splice(pieces, [Buffer.from("n0n1"), Buffer.from("k3y2")], [0, 1, 1, 0]));
    expect(gunzipSync(gz).toString()).toBe(html.replaceAll("N", "n0n1").replaceAll("K", "k3y2"));
  });

  it("stays correct when the page itself holds NUL bytes (no dictionaries then)", async () => {
    const html = `a\u0000bNONCE${"a\u0000b".repeat(100)}NONCEend`;
    const pieces = await deflatePieces(
      html.split("NONCE").map((p) => Buffer.from(p)),
      3,
    );
    expect(gunzipSync(Buffer.concat(splice(pieces, [Buffer.from("xyz")], [0, 0]))).toString()).toBe(html.replaceAll("NONCE", "xyz"));
  });

  it("refuses a nonce of another length than the pieces were laid out for", async () => {
    const pieces = await deflatePieces([Buffer.from("a"), Buffer.from("b")], 4);
    expect(() => splice(pieces, [Buffer.from("abc")], [0])).toThrow();
  });

  it("handles empty pieces (a slot at the start or end) and a page without slots", async () => {
    for (const html of ["NONCE", "NONCEmiddleNONCE", "no slots at all", ""]) {
      const pieces = await deflatePieces(
        html.split("NONCE").map((p) => Buffer.from(p)),
        5,
      );
      const slots = Array(pieces.deflated.length - 1).fill(0);
      expect(gunzipSync(Buffer.concat(splice(pieces, [Buffer.from("n0nce")], slots))).toString()).toBe(html.replaceAll("NONCE", "n0nce"));
    }
  });
});
