import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseEnv } from "node:util";
import { ORDER_EXPIRY_MINUTES_DEFAULT, RECEIPT_ALERT_HOURS_DEFAULT } from "@shop/contracts";
import { type FiscalConfig, FiscalConfigError, parseFiscalConfig } from "@shop/platform/adapters/fiscal/config.ts";
import { parseSocialConfig, SocialConfigError, type SocialProviderConfig } from "@shop/platform/adapters/oidc/config.ts";
import { PaymentConfigError, type PaymentsConfig, parsePaymentsConfig } from "@shop/platform/adapters/payments/config.ts";
import { z } from "zod";

/**
 * After SIGTERM the port still takes connections this long while /readyz answers 503: a balancer
 * checking every 200 ms takes an instance out after at most three failed checks (HAProxy's default
 * `fall`) well within it.
 */
export const SHUTDOWN_DELAY_MS_DEFAULT = 1000;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .default("sqlite:./data/shop.sqlite"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Autopraonica Zagreb <no-reply@autopraonica.local>"),
  PUBLIC_URL: z.url().optional(),
  MEDIA_DIR: z.string().default("./data/media"),
  MEDIA_STORE: z.enum(["folder", "database"]).optional(),
  APP_ENV: z.enum(["production", "development"]).default("production"),
  SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  LOG: z.enum(["json", "pretty", "silent"]).optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(SHUTDOWN_DELAY_MS_DEFAULT),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SEED: z.enum(["demo", "site", "none"]).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9])$/, "must be false, true (one proxy) or the number of proxies in front (1-9)")
    .default("false"),
  RECAPTCHA_SITE_KEY: z.string().trim().min(1).optional(),
  RECAPTCHA_SECRET: z.string().trim().min(1).optional(),
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(1440).default(ORDER_EXPIRY_MINUTES_DEFAULT),
  RECEIPT_ALERT_HOURS: z.coerce.number().int().min(1).max(720).default(RECEIPT_ALERT_HOURS_DEFAULT),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  mediaDir: string;
  /** Where the media library's originals live (MEDIA_STORE): the database by default on PostgreSQL, so every instance serves them. */
  mediaStore: "folder" | "database";
  production: boolean;
  secret: string;
  pageCache: boolean;
  /** The log's format (LOG): JSON lines unless the output is a terminal, where a person reads it. */
  log: "json" | "pretty" | "silent";
  /** How long after SIGTERM the port still takes connections while /readyz answers 503 (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs: number;
  /** How long the requests accepted get, once the port is closed, before they are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** What an empty database is filled with: the demo shop, the business's own site without users, or nothing. */
  seed: "demo" | "site" | "none";
  /** Proxies of our own in front (TRUST_PROXY): the client address is taken this many hops from the right of X-Forwarded-For. */
  trustProxy: number;
  /** reCAPTCHA v2 invisible on public forms; without it the built-in ALTCHA proof of work. */
  recaptcha?: { siteKey: string; secret: string };
  /** Minutes an unpaid card order holds its stock and coupon. */
  orderExpiryMinutes: number;
  receiptAlertHours: number;
  /** Card payments (PAYMENT_PROVIDER and its credentials); `env: "emulator"` means the built-in emulator is to be mounted. */
  payments: PaymentsConfig;
  /** Fiscalised receipts (FISCAL and the FISCAL_* certificate and data); `env: "emulator"` means the built-in CIS emulator is to be mounted. */
  fiscal: FiscalConfig;
  /** Social login's OpenID Connect providers (OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _LABEL; Apple's _TEAM_ID, _KEY_ID, _PRIVATE_KEY). */
  social: SocialProviderConfig[];
}

export class ConfigError extends Error {}

/**
 * The process's environment over the settings of a `.env` file (the working directory's by default),
 * when there is one: a real variable always wins, and an empty one counts as unset, as in loadConfig.
 */
export function withEnvFile(env: NodeJS.ProcessEnv = process.env, file = resolve(".env")): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return env;
    throw new ConfigError(`${file} cannot be read (${reason(err)}).`);
  }
  return { ...parseEnv(text), ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")) };
}

/**
 * Reads the environment (and `.env`) once; a bad variable stops start-up with its name.
 * `terminal`: whether stdout is one (LOG's default).
 */
export function loadConfig(env: NodeJS.ProcessEnv = withEnvFile(), terminal = process.stdout.isTTY === true): Readonly<Config> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // One key without the other would silently keep ALTCHA: say which is missing.
  if ((e.RECAPTCHA_SITE_KEY === undefined) !== (e.RECAPTCHA_SECRET === undefined)) {
    const missing = e.RECAPTCHA_SITE_KEY === undefined ? "RECAPTCHA_SITE_KEY" : "RECAPTCHA_SECRET";
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: must be set together with ${missing === "RECAPTCHA_SECRET" ? "RECAPTCHA_SITE_KEY" : "RECAPTCHA_SECRET"}`,
    );
  }
  const production = e.APP_ENV === "production";
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  let payments: PaymentsConfig;
  try {
    payments = parsePaymentsConfig(env, { production, publicUrl });
  } catch (err) {
    throw err instanceof PaymentConfigError ? new ConfigError(err.message) : err;
  }
  let fiscal: FiscalConfig;
  try {
    fiscal = parseFiscalConfig(env, { production, publicUrl });
  } catch (err) {
    throw err instanceof FiscalConfigError ? new ConfigError(err.message) : err;
  }
  let social: SocialProviderConfig[];
  try {
    social = parseSocialConfig(env);
  } catch (err) {
    throw err instanceof SocialConfigError ? new ConfigError(err.message) : err;
  }
  const explicitDatabase = env.DATABASE_URL !== undefined && env.DATABASE_URL !== "";
  // SQLite's directory is checked (and the default one made) before anything opens the file.
  const dataDir =
    e.DATABASE_URL.startsWith("sqlite:") && !e.DATABASE_URL.includes(":memory:") ? dataDirectory(e.DATABASE_URL, explicitDatabase) : null;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    mediaDir: resolve(e.MEDIA_DIR),
    mediaStore: e.MEDIA_STORE ?? (e.DATABASE_URL.startsWith("sqlite:") ? "folder" : "database"),
    production,
    secret: e.SECRET ?? dataSecret(dataDir ?? dataDirectory(e.DATABASE_URL, explicitDatabase)),
    pageCache: e.PAGE_CACHE === "on",
    log: e.LOG ?? (terminal ? "pretty" : "json"),
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    // The demo shop (and its printed passwords) only where nothing says this is a real shop: a fresh
    // clone's `npm start` or `npm run dev`. A configured database or an explicit APP_ENV=production
    // is a deployment, which fills an empty database on purpose (SEED=site or demo).
    seed: e.SEED ?? (explicitDatabase || env.APP_ENV === "production" ? "none" : "demo"),
    trustProxy: e.TRUST_PROXY === "true" ? 1 : e.TRUST_PROXY === "false" ? 0 : Number(e.TRUST_PROXY),
    orderExpiryMinutes: e.ORDER_EXPIRY_MINUTES,
    receiptAlertHours: e.RECEIPT_ALERT_HOURS,
    recaptcha: e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET } : undefined,
    payments,
    fiscal,
    social,
  });
}

const DEFAULT_DATA_DIR = "./data";

const reason = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));

/**
 * Where the shop keeps its data: SQLite's directory (else ./data). Only the default ./data is made,
 * on the first start: a DATABASE_URL naming a directory that does not exist (a typo, an unmounted
 * volume) stops the start instead of founding a new, empty demo shop with a new admin password.
 */
export function dataDirectory(databaseUrl: string, explicit: boolean): string {
  const sqliteFile = databaseUrl.startsWith("sqlite:") && !databaseUrl.includes(":memory:");
  const dir = resolve(sqliteFile ? dirname(resolve(databaseUrl.slice("sqlite:".length))) : DEFAULT_DATA_DIR);
  if (existsSync(dir)) return dir;
  if (explicit && sqliteFile) {
    throw new ConfigError(
      `DATABASE_URL: the directory ${dir} does not exist; create it or correct the path (the shop does not make it up).`,
    );
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new ConfigError(`The data directory ${dir} cannot be created (${reason(err)}); make it writable or set DATABASE_URL and SECRET.`);
  }
  return dir;
}

/** Without SECRET, one is generated on first start and kept beside the data so tokens survive restarts. */
function dataSecret(dir: string): string {
  const file = resolve(dir, ".secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (err) {
    throw new ConfigError(`SECRET is not set and ${file} cannot be written (${reason(err)}): set SECRET, or make ${dir} writable.`);
  }
  return secret;
}
