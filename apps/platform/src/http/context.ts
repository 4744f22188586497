import type { Locale, StaffRights } from "@shop/contracts";
import type { Dialect, Executor } from "@shop/db";
import type { ShopCaches } from "../adapters/caches.ts";
import type { Captcha } from "../adapters/captcha.ts";
import type { Fiscalizer } from "../adapters/fiscal/index.ts";
import type { MailDispatcher } from "../adapters/mail-dispatcher.ts";
import type { MediaStore } from "../adapters/media-store.ts";
import type { SocialProviders } from "../adapters/oidc/index.ts";
import type { PaymentProvider } from "../adapters/payments/index.ts";
import type { RateLimiter } from "../adapters/rate-limit.ts";
import type { Logger } from "./logger.ts";

export interface PlatformConfig {
  /** Signs access tokens; at least 32 characters. */
  secret: string;
  /** Absolute base URL of the storefront, used in e-mailed links. */
  publicUrl: string;
  production: boolean;
  /** The demo site's apiKey when the demo shop is seeded: the API reference names it. */
  demoApiKey?: string;
  /** Check every answer against its contract (tests: an answer that strays fails loudly). */
  checkAnswers?: boolean;
  /** Minutes an unpaid card order keeps its stock and coupon (ORDER_EXPIRY_MINUTES; 30 by default). */
  orderExpiryMinutes?: number;
  /** Hours after which a receipt CIS has not accepted raises a staff alert (RECEIPT_ALERT_HOURS; 48 by default). */
  receiptAlertHours?: number;
}

export interface PlatformDeps {
  /** The database itself; a request's queries go through `RequestCtx.db`. */
  db: Executor;
  dialect: Dialect;
  config: PlatformConfig;
  /** Writes mail into the outbox and delivers it from there (`shared/mail.ts` `sendMail`). */
  mail: MailDispatcher;
  /** Public forms' captcha: ALTCHA, or reCAPTCHA when configured. */
  captcha: Captcha;
  limiter: RateLimiter;
  /** The card provider's adapter (its emulator outside production); null: no card payment. */
  payments: PaymentProvider | null;
  /** The media library's originals: the media folder or the database (MEDIA_STORE). */
  media: MediaStore;
  /** Fiscalises receipts with CIS (its emulator outside production); null: FISCAL=none. */
  fiscal: Fiscalizer | null;
  /** The OpenID Connect providers of social login (none configured: an empty list). */
  social: SocialProviders;
  logger: Logger;
  /** Told after content a page shows has changed, so page caches can drop it. */
  onContentChange: (tags: string[]) => void;
  /** The server's caches for the back office's cache page (ADR 22); absent: no cache server in use. */
  caches?: ShopCaches;
}

export interface AuthUser {
  id: number;
  isBackofficeUser: boolean;
  /** A staff account's role and scopes, read with the user on every request (ADR 18); null for customers. */
  staff: StaffRights | null;
}

export interface SiteInfo {
  id: number;
  name: string;
  url: string;
  defaultLanguage: string;
}

/** What every service function receives first. */
export interface RequestCtx extends PlatformDeps {
  requestId: string;
  locale: Locale;
  ip: string;
  site: SiteInfo;
  user: AuthUser | null;
  /** The database, or the transaction this request's change runs in (see `withTransaction`). */
  db: Executor;
  /**
   * Set only inside `withTransaction`: runs `work` in the transaction once the change is done,
   * just before it commits; its failure rolls the change back (mail written into the outbox).
   */
  beforeCommit?(work: () => Promise<void>): void;
  /** Runs `fn` once the open transaction has committed (at once outside one); dropped on rollback. */
  afterCommit(fn: () => void): void;
}

/** clientIp: set by the composing server for requests from the network (in-process calls send a header). */
export type HonoEnv = { Variables: { ctx: RequestCtx; requestId: string; clientIp?: string } };
