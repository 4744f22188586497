import { createTestCertificate } from "./certificate.ts";
import { cisFiscalizer } from "./cis.ts";
import { CIS_TIMEOUT_MS, type FiscalConfig } from "./config.ts";
import { type CisEmulator, createCisEmulator } from "./emulator.ts";
import type { Fetch, Fiscalizer } from "./port.ts";

export { CIS_EMULATOR_PATH, parseFiscalConfig } from "./config.ts";
export type { CisEmulator } from "./emulator.ts";
export * from "./port.ts";

/**
 * The adapter the configuration names, or null without fiscalisation. With the emulator it also
 * makes the emulator, and two test certificates at start-up (the shop's and the emulator's), so no
 * key is ever kept on disk; `fetch` then reaches the emulator in process (its `app.request`).
 */
export function createFiscal(
  config: FiscalConfig,
  deps: { fetch?: Fetch; timeoutMs?: number; hangMs?: number } = {},
): {
  fiscalizer: Fiscalizer | null;
  emulator: CisEmulator | null;
} {
  if (config.mode === "none") return { fiscalizer: null, emulator: null };
  const timeoutMs = deps.timeoutMs ?? CIS_TIMEOUT_MS;
  if (config.env !== "emulator") {
    const { url, certificate, trusted, hash, issuer } = config;
    return { fiscalizer: cisFiscalizer({ url, certificate, trusted, hash, issuer, timeoutMs, fetch: deps.fetch }), emulator: null };
  }
  const password = "emulator";
  const shop = createTestCertificate({ oib: config.issuer.oib, commonName: "FISKAL EMULATOR SHOP", password }).opened;
  const signer = createTestCertificate({ oib: config.issuer.oib, commonName: "CIS EMULATOR", password }).opened;
  const emulator = createCisEmulator({ signer, shops: [shop], hash: config.hash, hangMs: deps.hangMs });
  const fiscalizer = cisFiscalizer({
    url: config.url,
    certificate: shop,
    trusted: [signer.certificate],
    hash: config.hash,
    issuer: config.issuer,
    timeoutMs,
    fetch: deps.fetch,
  });
  return { fiscalizer, emulator };
}
