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
      const gz = Buffer.concat(splice(pieces, Buffer.from(nonce)));
      // gunzip checks the trailer's CRC-32 and length, so a wrong combination fails here.
      const expected = html.replaceAll("NONCE", nonce);
      expect(gunzipSync(gz).toString()).toBe(expected);
      expect(gz.readUInt32LE(gz.length - 8)).toBe(crc32(expected));
      // The dictionaries keep the splice within a few per cent of one gzip stream.
      expect(gz.length).toBeLessThan(gzipSync(expected).length * 1.05);
    }
  });

  it("stays correct when the page itself holds NUL bytes (no dictionaries then)", async () => {
    const html = `a\u0000bNONCE${"a\u0000b".repeat(100)}NONCEend`;
    const pieces = await deflatePieces(
      html.split("NONCE").map((p) => Buffer.from(p)),
      3,
    );
    expect(gunzipSync(Buffer.concat(splice(pieces, Buffer.from("xyz")))).toString()).toBe(html.replaceAll("NONCE", "xyz"));
  });

  it("refuses a nonce of another length than the pieces were laid out for", async () => {
    const pieces = await deflatePieces([Buffer.from("a"), Buffer.from("b")], 4);
    expect(() => splice(pieces, Buffer.from("abc"))).toThrow();
  });

  it("handles empty pieces (a slot at the start or end) and a page without slots", async () => {
    for (const html of ["NONCE", "NONCEmiddleNONCE", "no slots at all", ""]) {
      const pieces = await deflatePieces(
        html.split("NONCE").map((p) => Buffer.from(p)),
        5,
      );
      expect(gunzipSync(Buffer.concat(splice(pieces, Buffer.from("n0nce")))).toString()).toBe(html.replaceAll("NONCE", "n0nce"));
    }
  });
});
