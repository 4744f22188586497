import type { PaymentsConfig } from "./config.ts";
import { corvusProvider } from "./corvus.ts";
import { monriProvider } from "./monri.ts";
import type { Fetch, PaymentProvider } from "./provider.ts";
import { wspayProvider } from "./wspay.ts";

export type { PaymentEnv, PaymentsConfig } from "./config.ts";
export { EMULATOR_CREDENTIALS, EMULATOR_PATH, PaymentConfigError, parsePaymentsConfig } from "./config.ts";
export { createPaymentEmulator, type EmulatorBehaviour, type PaymentEmulatorOptions } from "./emulator.ts";
export * from "./provider.ts";

/**
 * The adapter the configuration names, or null without card payment. `fetch` replaces the network
 * for the provider's API (an emulator's `app.request` in process); a Corvus client certificate
 * brings its own TLS connection instead.
 */
export function createPaymentProvider(config: PaymentsConfig, deps: { fetch?: Fetch } = {}): PaymentProvider | null {
  switch (config.provider) {
    case "none":
      return null;
    case "corvus":
      return corvusProvider({ ...config, fetch: deps.fetch });
    case "monri":
      return monriProvider({ ...config, fetch: deps.fetch });
    case "wspay":
      return wspayProvider({ ...config, fetch: deps.fetch });
  }
}
