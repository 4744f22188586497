import { z } from "zod";
import { PAGINATION } from "../constants.ts";
import { V } from "../validation-messages.ts";
import { orderAccessBody, orderCodeParams } from "./checkout.ts";

/**
 * The documents of an order (SPEC §7 Documents): its fiscalised receipt, the storno receipts of its
 * refunds, for a bank transfer its HUB-3 slip, for a company paying by transfer its e-invoice, and
 * a PDF for each gift voucher it bought.
 */
export const DOCUMENT_KINDS = ["receipt", "storno", "paymentSlip", "eInvoice", "voucher"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The files an order's documents are: PDFs, and the e-invoice's UBL XML. */
export const DOCUMENT_CONTENT_TYPES = ["application/pdf", "application/xml"] as const;

/**
 * A document's id: its kind and its order's code, e.g. `receipt-ABCDEFGH23456789`; a storno also
 * its place among the order's stornos, from 1 (`storno2-ABCDEFGH23456789`); a voucher's has its own
 * code before the order's (`voucher-<voucher code>-<order code>`).
 */
export const documentIdParams = z.object({
  id: z.string().regex(/^(receipt-|storno[1-9]\d{0,3}-|paymentSlip-|eInvoice-|voucher-[A-Z0-9]{16}-)[A-Z0-9]{16}$/, { error: V.invalid }),
});

/**
 * Whose documents: a guest presents the order's access token (header orderToken, as the success
 * page holds it); a logged-in customer reads their own orders without it.
 */
export const orderTokenHeaders = z.object({ orderToken: orderAccessBody.shape.token.optional() });

/** One order's documents, a page of them (SPEC §9 paging). */
export const documentFilterBody = z.object({
  orderCode: orderCodeParams.shape.code,
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(50).default(PAGINATION.defaultLimit),
});
export type DocumentFilterBody = z.infer<typeof documentFilterBody>;
