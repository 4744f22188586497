/**
 * The fiscalisation port: what the receipts module hands over and gets back, so it never learns
 * the CIS message, its signature or its error codes (reference D1).
 */

/** The hash inside the ZKI and the XML signature: SHA-256 from spec v2.7, SHA-1 before (reference 0, D1). */
export type FiscalHash = "sha1" | "sha256";

/** NacinPlac: G cash, K card, T transfer, O other. */
export type FiscalPaymentMethod = "G" | "K" | "T" | "O";

/** One VAT rate of a receipt: integer percent, integer cents. */
export interface FiscalVat {
  ratePercent: number;
  baseCents: number;
  vatCents: number;
}

export interface FiscalReceipt {
  /** The issuer's OIB (the certificate's). */
  oib: string;
  /** USustPdv: the issuer is in the VAT system. */
  vatRegistered: boolean;
  issuedAt: Date;
  /** BrOznRac / OznPosPr / OznNapUr: numbered per premise and device. */
  number: { sequence: number; premise: string; device: string };
  vat: FiscalVat[];
  totalCents: number;
  paymentMethod: FiscalPaymentMethod;
  /** OibOper: who issued it (for a web shop, the business). */
  operatorOib: string;
  /** OibPrimateljaRacuna: the company buyer of an R1 receipt. */
  buyerOib?: string;
}

/**
 * CIS refused, did not answer, or answered something that does not verify. `retryable` says
 * whether sending the same receipt later (late delivery) can succeed: a timeout, a network error
 * or CIS's own system error (s006) can; a refused message or signature cannot until someone fixes it.
 */
export class FiscalError extends Error {
  override name = "FiscalError";
  readonly retryable: boolean;
  /** CIS's SifraGreske (s004, …) when it answered with one. */
  readonly code: string | null;
  constructor(message: string, retryable: boolean, code: string | null = null) {
    super(message);
    this.retryable = retryable;
    this.code = code;
  }
}

export interface Fiscalizer {
  /** The premise, device and issuer the configuration names, for numbering and the receipt's text. */
  readonly issuer: { oib: string; operatorOib: string; vatRegistered: boolean; premise: string; device: string };
  /** The ZKI, computed offline: a receipt carries it even when CIS never answers. */
  zki(receipt: FiscalReceipt): string;
  /** Sends the receipt; `late` marks a delivery after CIS did not answer in time (NakDost). Throws FiscalError. */
  deliver(receipt: FiscalReceipt, options: { zki: string; late: boolean }): Promise<{ jir: string }>;
}

/** How the adapter reaches CIS: `fetch`, or the emulator's `app.request` in process. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;
