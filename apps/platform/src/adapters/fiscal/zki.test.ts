import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleReceipt, seededTestKey } from "./fiscal.fixtures.ts";
import { cisDateTime, computeZki, zkiPayload } from "./zki.ts";

// Self-computed (the reference publishes no ZKI with its key): the formula of reference D1 over a
// key derived from this seed, and checked against OpenSSL's signature below.
const KEY = seededTestKey("autopraonica ZKI vector");

describe("ZKI", () => {
  it("signs OIB, Zagreb date and time, number, premise, device and amount, without the buyer's OIB", () => {
    expect(zkiPayload(sampleReceipt())).toBe("1234567890315.07.2026 18:44:22123WEB11123.45");
    expect(zkiPayload(sampleReceipt({ buyerOib: "69435151530" }))).toBe(zkiPayload(sampleReceipt()));
    // Winter time is one hour behind summer time, whatever the server's own zone.
    expect(cisDateTime(new Date("2026-01-05T07:03:09Z"))).toBe("05.01.2026T08:03:09");
    expect(zkiPayload(sampleReceipt({ totalCents: 700 }))).toMatch(/7\.00$/);
  });

  it("reproduces the pinned vector with SHA-256 and with SHA-1", () => {
    expect(computeZki(sampleReceipt(), KEY, "sha256")).toBe("9c7fc3a94c37141dc831e4c4ef08ac81");
    expect(computeZki(sampleReceipt(), KEY, "sha1")).toBe("cda93f1d117cffa3b53f3deb0d70747e");
  });

  it("is the MD5 of the same RSA signature OpenSSL makes", () => {
    const dir = mkdtempSync(join(tmpdir(), "zki-"));
    try {
      writeFileSync(join(dir, "key.pem"), KEY.export({ type: "pkcs8", format: "pem" }));
      writeFileSync(join(dir, "payload"), zkiPayload(sampleReceipt()));
      for (const hash of ["sha256", "sha1"] as const) {
        const signature = execFileSync("openssl", ["dgst", `-${hash}`, "-sign", "key.pem", "payload"], { cwd: dir });
        expect(computeZki(sampleReceipt(), KEY, hash)).toBe(createHash("md5").update(signature).digest("hex"));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("changes with every signed field", () => {
    const base = computeZki(sampleReceipt(), KEY, "sha256");
    expect(computeZki(sampleReceipt({ totalCents: 12346 }), KEY, "sha256")).not.toBe(base);
    expect(computeZki(sampleReceipt({ number: { sequence: 124, premise: "WEB1", device: "1" } }), KEY, "sha256")).not.toBe(base);
    expect(computeZki(sampleReceipt({ issuedAt: new Date("2026-07-15T16:44:23Z") }), KEY, "sha256")).not.toBe(base);
  });
});
