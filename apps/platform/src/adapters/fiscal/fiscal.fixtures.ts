import { createPrivateKey, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { EMULATOR_ISSUER } from "./config.ts";
import type { FiscalReceipt } from "./port.ts";

/**
 * What the fiscal tests share. The vector key is derived from a fixed seed with node-forge (pinned
 * version), so the ZKI vector is reproducible without a private key in the repository.
 */
export function seededTestKey(seed: string): KeyObject {
  const prng = forge.random.createInstance();
  prng.seedFileSync = (needed: number) => forge.util.fillString(seed, Math.ceil(needed / seed.length)).slice(0, needed);
  const pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001, prng, algorithm: "PRIMEINC" });
  return createPrivateKey(forge.pki.privateKeyToPem(pair.privateKey));
}

/** A card-paid receipt of 123.45 EUR at 25 % VAT, 15 July 2026 18:44:22 in Zagreb. */
export function sampleReceipt(overrides: Partial<FiscalReceipt> = {}): FiscalReceipt {
  return {
    oib: EMULATOR_ISSUER.oib,
    vatRegistered: true,
    issuedAt: new Date("2026-07-15T16:44:22Z"),
    number: { sequence: 123, premise: EMULATOR_ISSUER.premise, device: EMULATOR_ISSUER.device },
    vat: [{ ratePercent: 25, baseCents: 9876, vatCents: 2469 }],
    totalCents: 12345,
    paymentMethod: "K",
    operatorOib: EMULATOR_ISSUER.oib,
    ...overrides,
  };
}
