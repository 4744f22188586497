import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import { z } from "zod";
import type { ProviderName } from "./provider.ts";

/**
 * Card-payment settings (README "Configuration"). The rule:
 * - PAYMENT_PROVIDER picks corvus (default), monri, wspay, or none (no card payment).
 * - With the provider's credentials the shop talks to its real hosts: PAYMENT_ENV production when
 *   APP_ENV=production, else test.
 * - Without any of them it talks to the built-in emulator (fixed credentials, mounted at
 *   /__emulator/<provider>), but only on a shop that is not public: APP_ENV=development, or a
 *   PUBLIC_URL on this machine (the default http://localhost:<PORT>, which `npm start` on a fresh
 *   clone has). A production shop with a public PUBLIC_URL stops instead, so it never takes fake payments.
 * - A partial set, or another provider's credentials, stops the start naming the variable.
 * - MONRI_WALLET=on|off offers Monri's Components wallet (Google Pay, Apple Pay): on by default
 *   with the emulator, off by default with a real account (Monri still calls it alpha).
 */

export type PaymentEnv = "emulator" | "test" | "production";

/** Where the integrator mounts `createPaymentEmulator` (followed by /corvus, /monri or /wspay). */
export const EMULATOR_PATH = "/__emulator";

/** The emulator's own credentials: public on purpose, and refused on a public production shop. */
export const EMULATOR_CREDENTIALS = {
  corvus: { storeId: "10000", secret: "corvus-emulator-secret" },
  monri: { authenticityToken: "monri-emulator-token", key: "monri-emulator-key" },
  wspay: { shopId: "EMULATOR", secret: "wspay-emulator-secret" },
} as const;

export type PaymentsConfig =
  | { provider: "none" }
  | {
      provider: "corvus";
      env: PaymentEnv;
      storeId: string;
      secret: string;
      checkoutUrl: string;
      apiUrl: string;
      certificate?: { pfx: Buffer; password?: string };
    }
  | { provider: "monri"; env: PaymentEnv; authenticityToken: string; key: string; baseUrl: string; wallet: boolean }
  | { provider: "wspay"; env: PaymentEnv; shopId: string; secret: string; formUrl: string; apiUrl: string };

/** One line naming the variable to look at. */
export class PaymentConfigError extends Error {}

const HOSTS = {
  corvus: {
    test: { checkoutUrl: "https://wallet.test.corvuspay.com/checkout/", apiUrl: "https://testcps.corvus.hr/" },
    production: { checkoutUrl: "https://wallet.corvuspay.com/checkout/", apiUrl: "https://cps.corvus.hr/" },
  },
  monri: { test: { baseUrl: "https://ipgtest.monri.com" }, production: { baseUrl: "https://ipg.monri.com" } },
  wspay: {
    test: { formUrl: "https://formtest.wspay.biz", apiUrl: "https://test.wspay.biz" },
    production: { formUrl: "https://form.wspay.biz", apiUrl: "https://secure.wspay.biz" },
  },
} as const;

/** Each provider's variables: those it needs, then those it may have. */
const VARIABLES: Record<ProviderName, { required: readonly string[]; optional: readonly string[] }> = {
  corvus: { required: ["CORVUS_STORE_ID", "CORVUS_SECRET"], optional: ["CORVUS_CERT", "CORVUS_CERT_PASSWORD"] },
  monri: { required: ["MONRI_AUTHENTICITY_TOKEN", "MONRI_KEY"], optional: ["MONRI_WALLET"] },
  wspay: { required: ["WSPAY_SHOP_ID", "WSPAY_SECRET"], optional: [] },
};

const secret = z.string().trim().min(1, "must not be blank").optional();

const schema = z.object({
  PAYMENT_PROVIDER: z.enum(["none", "corvus", "monri", "wspay"], "must be none, corvus, monri or wspay").default("corvus"),
  PAYMENT_ENV: z.enum(["emulator", "test", "production"], "must be emulator, test or production").optional(),
  CORVUS_STORE_ID: z.string().trim().regex(/^\d+$/, "must be the store's number").optional(),
  CORVUS_SECRET: secret,
  CORVUS_CERT: secret,
  CORVUS_CERT_PASSWORD: z.string().optional(),
  MONRI_AUTHENTICITY_TOKEN: secret,
  MONRI_KEY: secret,
  MONRI_WALLET: z.enum(["on", "off"], "must be on or off").optional(),
  WSPAY_SHOP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, "must be the shop's id")
    .optional(),
  WSPAY_SECRET: secret,
});
type Env = z.infer<typeof schema>;

/** A shop reachable only from this machine: nobody else can pay through its emulator. */
export function onThisMachine(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const isSet = (e: Env, name: string) => e[name as keyof Env] !== undefined;

function loadCertificate(path: string, password: string | undefined): { pfx: Buffer; password?: string } {
  let pfx: Buffer;
  try {
    pfx = readFileSync(path);
  } catch (err) {
    throw new PaymentConfigError(`CORVUS_CERT: ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    createSecureContext({ pfx, passphrase: password });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (/mac verify/i.test(reason)) throw new PaymentConfigError("CORVUS_CERT_PASSWORD: does not open CORVUS_CERT");
    throw new PaymentConfigError(`CORVUS_CERT: ${path} is not a PKCS#12 file Node can open (${reason})`);
  }
  return password === undefined ? { pfx } : { pfx, password };
}

/** Reads the payment settings from an environment-like record; a bad or partial set throws PaymentConfigError. */
export function parsePaymentsConfig(
  env: Record<string, string | undefined>,
  shop: { production: boolean; publicUrl: string },
): PaymentsConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PaymentConfigError(`${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  const provider = e.PAYMENT_PROVIDER;

  // Credentials of a provider not chosen are a forgotten PAYMENT_PROVIDER, not something to ignore.
  for (const [other, { required, optional }] of Object.entries(VARIABLES)) {
    if (other === provider) continue;
    const stray = [...required, ...optional].find((name) => isSet(e, name));
    if (stray)
      throw new PaymentConfigError(`${stray}: is set, but PAYMENT_PROVIDER is ${provider} (set PAYMENT_PROVIDER=${other}, or remove it)`);
  }
  if (provider === "none") return { provider };

  const { required } = VARIABLES[provider];
  const given = required.filter((name) => isSet(e, name));
  const missing = required.find((name) => !isSet(e, name));
  if (given.length > 0 && missing) throw new PaymentConfigError(`${missing}: must be set together with ${given.join(" and ")}`);
  if (e.CORVUS_CERT_PASSWORD !== undefined && e.CORVUS_CERT === undefined) {
    throw new PaymentConfigError("CORVUS_CERT_PASSWORD: is set without CORVUS_CERT");
  }
  if (e.CORVUS_CERT !== undefined && given.length === 0)
    throw new PaymentConfigError("CORVUS_CERT: is set without CORVUS_STORE_ID and CORVUS_SECRET");

  const complete = missing === undefined;
  const paymentEnv: PaymentEnv = e.PAYMENT_ENV ?? (complete ? (shop.production ? "production" : "test") : "emulator");
  if (paymentEnv !== "emulator" && !complete) {
    throw new PaymentConfigError(`PAYMENT_ENV: ${paymentEnv} needs ${required.join(" and ")}`);
  }
  if (paymentEnv === "emulator") {
    if (shop.production && !onThisMachine(shop.publicUrl)) {
      const variable = e.PAYMENT_ENV === undefined ? "PAYMENT_PROVIDER" : "PAYMENT_ENV";
      throw new PaymentConfigError(
        `${variable}: a production shop at ${shop.publicUrl} cannot take card payments through the built-in emulator; set ${required.join(" and ")}, or PAYMENT_PROVIDER=none`,
      );
    }
    const base = `${shop.publicUrl}${EMULATOR_PATH}/${provider}`;
    if (provider === "corvus")
      return { provider, env: paymentEnv, ...EMULATOR_CREDENTIALS.corvus, checkoutUrl: `${base}/checkout/`, apiUrl: `${base}/` };
    if (provider === "monri")
      return { provider, env: paymentEnv, ...EMULATOR_CREDENTIALS.monri, baseUrl: base, wallet: e.MONRI_WALLET !== "off" };
    return { provider, env: paymentEnv, ...EMULATOR_CREDENTIALS.wspay, formUrl: base, apiUrl: base };
  }

  // The schema and the checks above leave every required value set here.
  const value = (name: keyof Env) => String(e[name]);
  if (provider === "corvus") {
    return {
      provider,
      env: paymentEnv,
      storeId: value("CORVUS_STORE_ID"),
      secret: value("CORVUS_SECRET"),
      ...HOSTS.corvus[paymentEnv],
      ...(e.CORVUS_CERT === undefined ? {} : { certificate: loadCertificate(e.CORVUS_CERT, e.CORVUS_CERT_PASSWORD) }),
    };
  }
  if (provider === "monri") {
    return {
      provider,
      env: paymentEnv,
      authenticityToken: value("MONRI_AUTHENTICITY_TOKEN"),
      key: value("MONRI_KEY"),
      ...HOSTS.monri[paymentEnv],
      // Monri's own plugin calls its Components wallets alpha: a real account opts in.
      wallet: e.MONRI_WALLET === "on",
    };
  }
  return { provider, env: paymentEnv, shopId: value("WSPAY_SHOP_ID"), secret: value("WSPAY_SECRET"), ...HOSTS.wspay[paymentEnv] };
}
