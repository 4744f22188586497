import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { isValidOib } from "@shop/contracts";
import { z } from "zod";
import { EMULATOR_PATH, onThisMachine } from "../payments/config.ts";
import { CertificateError, type FiscalCertificate, oibOfCertificate, openPkcs12 } from "./certificate.ts";
import type { FiscalHash, Fiscalizer } from "./port.ts";

/**
 * Fiscalisation settings (README "Configuration"), the same rule as card payments:
 * - FISCAL=none turns receipts' delivery to CIS off (a shop that does not sell to consumers).
 * - With the business's certificate and data (FISCAL_CERT, FISCAL_CERT_PASSWORD, FISCAL_CIS_CA,
 *   FISCAL_OIB, FISCAL_PREMISE, FISCAL_DEVICE) the shop talks to CIS: production when
 *   APP_ENV=production, else the test CIS (FISCAL_ENV overrides).
 * - Without any of them it talks to the built-in CIS emulator, mounted at /__emulator/cis, with a
 *   certificate made at start-up; a production shop with a public PUBLIC_URL stops instead.
 * - A partial set stops the start naming the missing variable.
 * - FISCAL_HASH (sha256, or sha1 while CIS still takes it) and FISCAL_VAT_REGISTERED (yes) apply to both.
 */

export type FiscalEnv = "emulator" | "test" | "production";

/** The emulator's part of the URL space, below EMULATOR_PATH. */
export const CIS_EMULATOR_PATH = `${EMULATOR_PATH}/cis`;
/** The operation's path on CIS and on the emulator. */
const SERVICE_PATH = "/FiskalizacijaService";

const CIS_URLS = {
  test: "https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest",
  production: "https://cis.porezna-uprava.hr:8449/FiskalizacijaService",
} as const;

/** The emulator's issuer: a made-up OIB with a valid check digit. */
export const EMULATOR_ISSUER = { oib: "12345678903", premise: "WEB1", device: "1" } as const;

/** How long CIS has to answer before the receipt waits for late delivery. */
export const CIS_TIMEOUT_MS = 10_000;

export type FiscalConfig =
  | { mode: "none" }
  | { mode: "cis"; env: "emulator"; url: string; hash: FiscalHash; issuer: Fiscalizer["issuer"] }
  | {
      mode: "cis";
      env: "test" | "production";
      url: string;
      hash: FiscalHash;
      issuer: Fiscalizer["issuer"];
      certificate: FiscalCertificate;
      trusted: X509Certificate[];
    };

/** One line naming the variable to look at. */
export class FiscalConfigError extends Error {}

const REQUIRED = ["FISCAL_CERT", "FISCAL_CERT_PASSWORD", "FISCAL_CIS_CA", "FISCAL_OIB", "FISCAL_PREMISE", "FISCAL_DEVICE"] as const;

const oib = z.string().trim().refine(isValidOib, "must be an OIB (11 digits with a valid check digit)").optional();

const schema = z.object({
  FISCAL: z.enum(["cis", "none"], "must be cis or none").default("cis"),
  FISCAL_ENV: z.enum(["emulator", "test", "production"], "must be emulator, test or production").optional(),
  FISCAL_CERT: z.string().trim().min(1).optional(),
  FISCAL_CERT_PASSWORD: z.string().optional(),
  FISCAL_CIS_CA: z.string().trim().min(1).optional(),
  FISCAL_OIB: oib,
  FISCAL_OPERATOR_OIB: oib,
  FISCAL_PREMISE: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, "must be the premise's mark: 1 to 20 letters or digits")
    .optional(),
  FISCAL_DEVICE: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,19}$/, "must be the device's number")
    .optional(),
  FISCAL_HASH: z.enum(["sha256", "sha1"], "must be sha256 or sha1").default("sha256"),
  FISCAL_VAT_REGISTERED: z.enum(["yes", "no"], "must be yes or no").default("yes"),
});
type Env = z.infer<typeof schema>;

function readFile(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new FiscalConfigError(`${variable}: ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

function loadCertificate(path: string, password: string): FiscalCertificate {
  try {
    return openPkcs12(readFile("FISCAL_CERT", path), password);
  } catch (err) {
    if (!(err instanceof CertificateError)) throw err;
    const variable = /password/.test(err.message) ? "FISCAL_CERT_PASSWORD" : "FISCAL_CERT";
    throw new FiscalConfigError(`${variable}: ${path} ${err.message}`);
  }
}

/** Every certificate in a PEM file: CIS's signing certificate or the CAs that issue it. */
function loadTrusted(path: string): X509Certificate[] {
  const pem = readFile("FISCAL_CIS_CA", path).toString("utf8");
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  try {
    const certificates = blocks.map((block) => new X509Certificate(block));
    if (certificates.length > 0) return certificates;
  } catch {
    // Reported below with the same words as an empty file.
  }
  throw new FiscalConfigError(`FISCAL_CIS_CA: ${path} holds no PEM certificate`);
}

/** Reads the fiscalisation settings; a bad or partial set throws FiscalConfigError. */
export function parseFiscalConfig(env: Record<string, string | undefined>, shop: { production: boolean; publicUrl: string }): FiscalConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FiscalConfigError(`${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  const isSet = (name: keyof Env) => e[name] !== undefined;
  if (e.FISCAL === "none") {
    const stray = [...REQUIRED, "FISCAL_ENV", "FISCAL_OPERATOR_OIB"].find((name) => isSet(name as keyof Env));
    if (stray) throw new FiscalConfigError(`${stray}: is set, but FISCAL is none (remove it, or FISCAL)`);
    return { mode: "none" };
  }
  const hash = e.FISCAL_HASH;
  const vatRegistered = e.FISCAL_VAT_REGISTERED === "yes";
  const given = REQUIRED.filter(isSet);
  const missing = REQUIRED.find((name) => !isSet(name));
  if (given.length > 0 && missing) throw new FiscalConfigError(`${missing}: must be set together with ${given.join(", ")}`);
  if (given.length === 0 && isSet("FISCAL_OPERATOR_OIB")) throw new FiscalConfigError("FISCAL_OPERATOR_OIB: is set without FISCAL_OIB");

  const complete = missing === undefined;
  const fiscalEnv: FiscalEnv = e.FISCAL_ENV ?? (complete ? (shop.production ? "production" : "test") : "emulator");
  if (fiscalEnv !== "emulator" && !complete) throw new FiscalConfigError(`FISCAL_ENV: ${fiscalEnv} needs ${REQUIRED.join(", ")}`);
  if (fiscalEnv === "emulator") {
    if (shop.production && !onThisMachine(shop.publicUrl)) {
      const variable = e.FISCAL_ENV === undefined ? "FISCAL" : "FISCAL_ENV";
      throw new FiscalConfigError(
        `${variable}: a production shop at ${shop.publicUrl} cannot fiscalise receipts through the built-in CIS emulator; set ${REQUIRED.join(", ")}, or FISCAL=none`,
      );
    }
    return {
      mode: "cis",
      env: fiscalEnv,
      url: `${shop.publicUrl}${CIS_EMULATOR_PATH}${SERVICE_PATH}`,
      hash,
      issuer: { ...EMULATOR_ISSUER, operatorOib: EMULATOR_ISSUER.oib, vatRegistered },
    };
  }

  // The checks above leave every required value set here.
  const value = (name: keyof Env) => String(e[name]);
  const certificate = loadCertificate(value("FISCAL_CERT"), value("FISCAL_CERT_PASSWORD"));
  const named = oibOfCertificate(certificate.certificate);
  if (named !== null && named !== value("FISCAL_OIB")) {
    throw new FiscalConfigError(
      `FISCAL_OIB: ${value("FISCAL_OIB")} is not the OIB of FISCAL_CERT (${named}); CIS would refuse every receipt`,
    );
  }
  return {
    mode: "cis",
    env: fiscalEnv,
    url: CIS_URLS[fiscalEnv],
    hash,
    issuer: {
      oib: value("FISCAL_OIB"),
      operatorOib: e.FISCAL_OPERATOR_OIB ?? value("FISCAL_OIB"),
      vatRegistered,
      premise: value("FISCAL_PREMISE"),
      device: value("FISCAL_DEVICE"),
    },
    certificate,
    trusted: loadTrusted(value("FISCAL_CIS_CA")),
  };
}
