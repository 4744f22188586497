/**
 * The card-payment port: one shape for CorvusPay, Monri WebPay and WSPay, so the order pipeline
 * never learns a provider's field names or signatures (reference B1–B3, A6 rule 5).
 */
export type ProviderName = "corvus" | "monri" | "wspay";

export interface PaymentRequest {
  /** Unique per payment attempt, [A-Za-z0-9_.-], at most 36 characters. */
  orderNumber: string;
  /** Integer cents. */
  amountCents: number;
  currency: "EUR";
  language: "hr" | "en" | "de";
  /** Short cart text, at most 255 characters. */
  description: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    street?: string;
    city?: string;
    zipCode?: string;
    /** ISO 3166-1 alpha-2. */
    country?: string;
  };
  /**
   * Absolute shop URLs for this attempt. CorvusPay takes its return URLs from its Merchant Center
   * and WSPay its callback URL from its merchant panel: those providers ignore the matching field.
   */
  urls: { success: string; cancel: string; callback: string };
}

/** The form the browser posts to the provider's hosted page (always POST). */
export interface HostedForm {
  action: string;
  fields: Record<string, string>;
}

/**
 * A card-wallet payment (Google Pay, Apple Pay) opened with the provider: the browser loads the
 * provider's script with this configuration and the buyer approves inside the provider's button.
 */
export interface WalletSession {
  /** The provider's secret for this one payment, handed to its script (not a credential of the shop). */
  clientSecret: string;
}

/** What the storefront needs to show the wallet button (SPEC §7: `html` as an object). */
export interface WalletScript {
  scriptUrl: string;
  config: Record<string, string>;
}

/**
 * What a verified provider message says. `amountCents` and `currency` are null when the provider
 * does not state them under its signature: it charged what `hostedForm` signed for that order number.
 * From `status()`, `amountCents` is what the provider holds now: refunds lower it.
 */
export type PaymentEvidence =
  | {
      kind: "paid";
      orderNumber: string;
      amountCents: number | null;
      currency: string | null;
      approvalCode: string | null;
      transactionId: string | null;
    }
  | { kind: "cancelled" | "declined" | "pending" | "unknown"; orderNumber: string }
  /**
   * The buyer's browser at the cancel address with nothing signed (CorvusPay's cancel URL, Monri's
   * and WSPay's plain cancel): anyone could send it, so it is not the provider's word. `url` is the
   * address it came to, whose query may carry the shop's own proof for this attempt.
   */
  | { kind: "unsigned_cancel"; orderNumber: string; url: string };

export interface IncomingRequest {
  method: string;
  /** The address as the buyer's browser requested it (public origin, path and query): Monri signs it whole. */
  url: string;
  headers: Headers;
  rawBody: Uint8Array;
}

/** A missing, wrong or malformed signature, or a message missing what it must carry. */
export class PaymentSignatureError extends Error {
  override name = "PaymentSignatureError";
}

/** The provider could not be asked, or refused (a status or refund call). */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** CorvusPay has none (confirm with `status`); Monri and WSPay notify the shop server to server. */
  readonly hasCallback: boolean;
  hostedForm(request: PaymentRequest): HostedForm;
  /** The buyer's browser coming back (success or cancel). */
  verifyReturn(req: IncomingRequest): PaymentEvidence;
  /** The provider's server-to-server notification. */
  verifyCallback(req: IncomingRequest): PaymentEvidence;
  /** Asks the provider's status API. */
  status(orderNumber: string): Promise<PaymentEvidence>;
  /** Full or partial; throws PaymentProviderError when the provider refuses. */
  refund(orderNumber: string, amountCents: number): Promise<void>;
  /** Only a provider with a card wallet that the configuration switched on (Monri Components). */
  readonly wallet?: {
    /** Opens the payment with the provider; throws PaymentProviderError when it refuses. */
    open(request: PaymentRequest): Promise<WalletSession>;
    /** The script and its settings for an open payment (the cardholder's details for the wallet's sheet). */
    script(session: WalletSession, request: PaymentRequest): WalletScript;
  };
}

/** How an adapter reaches a provider's API: `fetch`, or an emulator's `app.request` in process. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;
