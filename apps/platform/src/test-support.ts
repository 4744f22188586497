import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FieldError, StaffScope, Tokens } from "@shop/contracts";
import type { Database, Db } from "@shop/db";
import { createTestDb } from "@shop/db/testing.ts";
import { Hono } from "hono";
import type { Kysely } from "kysely";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { altchaCaptcha } from "./adapters/captcha.ts";
import { captchaSolutionStore } from "./adapters/captcha-solutions.repository.ts";
import { CIS_EMULATOR_PATH, type CisEmulator, createFiscal, parseFiscalConfig } from "./adapters/fiscal/index.ts";
import { smtpMailer } from "./adapters/mail.ts";
import { createMailDispatcher } from "./adapters/mail-dispatcher.ts";
import { databaseMediaStore } from "./adapters/media-store.ts";
import { createSocialProviders, type SocialProviderConfig } from "./adapters/oidc/index.ts";
import {
  createPaymentEmulator,
  createPaymentProvider,
  EMULATOR_PATH,
  type ProviderName,
  parsePaymentsConfig,
} from "./adapters/payments/index.ts";
import { memoryRateLimiter } from "./adapters/rate-limit.ts";
import { createApp } from "./app.ts";
import { hashPassword } from "./auth/password.ts";
import type { HonoEnv, PlatformDeps, RequestCtx } from "./http/context.ts";
import { createLogger } from "./http/logger.ts";
import { runNow } from "./http/transaction.ts";
import { orderMailAttachments, providerUrls } from "./modules/orders/index.ts";

/**
 * A real platform for API tests: migrated test database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL), a site with an apiKey, and a real SMTP server on loopback that keeps
 * every message the platform sends. Requests go through `app.request()`, no port.
 */

export const PUBLIC_URL = "http://shop.test";
export const DEFAULT_PASSWORD = "Lozinka-2024";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; cid: string | null; content: Buffer }[];
}

export interface ApiBody<T> {
  errored: boolean;
  data: T;
  statusCode?: number;
  error?: { code: string; payload: { message: string; key?: string; fields?: FieldError[] } };
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: ApiBody<T>;
}

export interface CallOptions {
  /** JSON-encoded unless already a string (to send broken JSON). */
  body?: unknown;
  /** A multipart form instead (an upload). */
  form?: FormData;
  token?: string;
  language?: string;
  /** null sends no apiKey header at all. */
  apiKey?: string | null;
  /** Client address as the server would set it; a fresh one per call unless given, so limits stay per test. */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestUserInput {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isBackoffice?: boolean;
  /** A staff account with only these scopes (role 'staff'); without it a backoffice user is an administrator. */
  staffScopes?: readonly StaffScope[];
  language?: string;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export interface TestPlatform {
  /** What the platform was composed of (database, adapters, logger). */
  deps: PlatformDeps;
  /** The CIS emulator the receipts go to, with `fiscal: true`. */
  cis: CisEmulator | null;
  /** A request context for calling services directly (language hr, anonymous, a fresh address). */
  requestCtx(extra?: Partial<Pick<RequestCtx, "locale" | "user" | "ip">>): RequestCtx;
  /** The platform mounted at /api, as the server mounts it. */
  app: Hono;
  /** The platform app itself, as the storefront calls it in-process (paths without /api). */
  platform: Hono<HonoEnv>;
  db: Kysely<Database>;
  dialect: Db["dialect"];
  apiKey: string;
  siteName: string;
  mails: ReceivedMail[];
  /** Every log line the platform wrote (errors included), parsed. */
  logs: Record<string, unknown>[];
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  createUser(input?: TestUserInput): Promise<TestUser>;
  login(user: { email: string; password: string }): Promise<Tokens>;
  /** Issues a membership card to the user (the staff's step; there is no endpoint for it). */
  issueMemberCard(userId: number, barcode: string): Promise<void>;
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface TestPlatformOptions {
  /** The card provider, reached through its emulator in process (corvus by default; none: no card payment). */
  payments?: ProviderName | "none";
  /** Fiscalise receipts through the CIS emulator in process (its time-out 200 ms); off by default, which keeps certificates out of other tests. */
  fiscal?: boolean;
  /** Social login's providers (a test OIDC provider on loopback); none by default. */
  social?: SocialProviderConfig[];
}

export async function createTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const handle = await createTestDb();
  const smtp = await startSmtpServer();
  const apiKey = `test-${randomBytes(12).toString("hex")}`;
  const siteName = "Autopraonica Zagreb";
  const site = await handle.db
    .insertInto("sites")
    .values({ name: siteName, url: PUBLIC_URL, api_key: apiKey, default_language: "hr" })
    .returning("id")
    .executeTakeFirstOrThrow();

  const logs: Record<string, unknown>[] = [];
  const logger = createLogger((line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const secret = randomBytes(32).toString("hex");
  const app = new Hono();
  const inProcess = (url: string, init?: RequestInit) => Promise.resolve(app.request(url, init));
  const paymentsConfig = parsePaymentsConfig(
    { PAYMENT_PROVIDER: options.payments ?? "corvus" },
    { production: false, publicUrl: PUBLIC_URL },
  );
  const payments = createPaymentProvider(paymentsConfig, { fetch: inProcess });
  const fiscal = createFiscal(parseFiscalConfig(options.fiscal ? {} : { FISCAL: "none" }, { production: false, publicUrl: PUBLIC_URL }), {
    fetch: inProcess,
    timeoutMs: 200,
    hangMs: 400,
  });
  const deps: PlatformDeps = {
    db: handle.db,
    dialect: handle.dialect,
    payments,
    fiscal: fiscal.fiscalizer,
    // The database store: nothing to clean up after a test, on either dialect.
    media: databaseMediaStore(handle.db),
    social: createSocialProviders(options.social ?? []),
    config: { secret, publicUrl: PUBLIC_URL, production: false, checkAnswers: true },
    mail: createMailDispatcher({
      db: handle.db,
      mailer: smtpMailer(smtp.url, TEST_MAIL_FROM),
      logger,
      renderers: orderMailAttachments(handle.db),
    }),
    captcha: altchaCaptcha({ secret, store: captchaSolutionStore(handle.db) }),
    limiter: memoryRateLimiter(),
    logger,
    onContentChange: () => {},
  };
  const platform = createApp(deps);
  app.route("/api", platform);
  if (payments) {
    const urls = providerUrls(PUBLIC_URL, payments.name);
    const merchant = { successUrl: urls.success, cancelUrl: urls.cancel, callbackUrl: urls.callback };
    app.route(
      `${EMULATOR_PATH}/${payments.name}`,
      createPaymentEmulator({ provider: payments.name, merchant, deliver: inProcess, lateCallbackMs: 50 }),
    );
  }
  if (fiscal.emulator) app.route(CIS_EMULATOR_PATH, fiscal.emulator.app);

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { "x-shop-client-ip": options.ip ?? freshIp(), ...options.headers };
    if (options.apiKey !== null) headers.apiKey = options.apiKey ?? apiKey;
    if (options.token) headers.accessToken = options.token;
    if (options.language) headers.language = options.language;
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as ApiBody<T> };
  }

  async function createUser(input: TestUserInput = {}): Promise<TestUser> {
    const email = input.email ?? `kupac-${randomBytes(4).toString("hex")}@example.hr`;
    const password = input.password ?? DEFAULT_PASSWORD;
    const now = new Date().toISOString();
    const row = await handle.db
      .insertInto("users")
      .values({
        email,
        username: email,
        password_hash: await hashPassword(password),
        first_name: input.firstName ?? "Ivana",
        last_name: input.lastName ?? "Babić",
        company_name: null,
        member_card_barcode: null,
        is_backoffice: input.isBackoffice || input.staffScopes ? 1 : 0,
        staff_role: input.staffScopes ? "staff" : input.isBackoffice ? "administrator" : null,
        staff_scopes: input.staffScopes?.join(",") ?? "",
        language: input.language ?? "hr",
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, email, password };
  }

  async function login(user: { email: string; password: string }): Promise<Tokens> {
    const res = await call<{ tokens: Tokens }>("POST", "/api/v1/login", { body: { username: user.email, password: user.password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.tokens;
  }

  async function issueMemberCard(userId: number, barcode: string): Promise<void> {
    await handle.db
      .insertInto("membership_cards")
      .values({ barcode, user_id: userId, issued_at: new Date().toISOString(), revoked_at: null })
      .execute();
  }

  async function waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = smtp.mails.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${smtp.mails.length})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** What a request to this platform would give its services, for calling them directly. */
  function requestCtx(extra: Partial<Pick<RequestCtx, "locale" | "user" | "ip">> = {}): RequestCtx {
    return {
      ...deps,
      requestId: `test-${randomBytes(4).toString("hex")}`,
      locale: "hr",
      ip: freshIp(),
      user: null,
      site: { id: site.id, name: siteName, url: PUBLIC_URL, defaultLanguage: "hr" },
      afterCommit: runNow,
      ...extra,
    };
  }

  return {
    deps,
    cis: fiscal.emulator,
    requestCtx,
    app,
    platform,
    db: handle.db,
    dialect: handle.dialect,
    apiKey,
    siteName,
    mails: smtp.mails,
    logs,
    call,
    createUser,
    login,
    issueMemberCard,
    waitForMail,
    async close() {
      await deps.mail.stop();
      await smtp.close();
      await handle.destroy();
    },
  };
}

export const TEST_MAIL_FROM = "Autopraonica Zagreb <no-reply@autopraonica.test>";

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message accepted, in order. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it accepts. `port` picks one (a server that comes
 * back where it was); `refuse` answers a sender with that temporary error while it returns one.
 */
export async function startSmtpServer(options: { port?: number; refuse?: () => string | null } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const refusal = options.refuse?.();
      callback(refusal ? Object.assign(new Error(refusal), { responseCode: 451 }) : null);
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        // skipImageLinks: the HTML keeps its cid: references, as a mail client receives them.
        simpleParser(Buffer.concat(chunks), { skipImageLinks: true }).then(
          (parsed) => {
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: (parsed.text ?? "").replace(/\r\n/g, "\n"),
              html: parsed.html || "",
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? "",
                contentType: a.contentType,
                cid: a.cid ?? null,
                content: a.content,
              })),
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface PostTranslationInput {
  lang: string;
  slug: string;
  title: string;
  body?: string;
  components?: unknown[];
  /** A cover image path, stored in post_meta. */
  image?: string;
}

/** A post straight into the tables, as any writer would (so database triggers see it too). */
export async function insertPost(
  db: Kysely<Database>,
  post: { type: string; status: "draft" | "published"; publishedAt: string; updatedAt?: string; translations: PostTranslationInput[] },
): Promise<number> {
  const row = await db
    .insertInto("posts")
    .values({
      post_type: post.type,
      status: post.status,
      published_at: post.status === "published" ? post.publishedAt : null,
      created_at: post.publishedAt,
      updated_at: post.updatedAt ?? post.publishedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const t of post.translations) {
    await db
      .insertInto("post_translations")
      .values({
        post_id: row.id,
        language_code: t.lang,
        slug: t.slug,
        title: t.title,
        body: t.body ?? "",
        components: JSON.stringify(t.components ?? []),
      })
      .execute();
    if (t.image) {
      await db
        .insertInto("post_meta")
        .values({ post_id: row.id, language_code: t.lang, excerpt: "", image: JSON.stringify({ src: t.image, alt: "" }) })
        .execute();
    }
  }
  return row.id;
}
