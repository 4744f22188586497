import {
  DEFAULT_LOCALE,
  type DocumentFile,
  type DocumentFilterBody,
  type DocumentKind,
  type DocumentList,
  type DocumentView,
  makePagination,
  toLocale,
} from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { findReceipt, receiptFilename, renderReceipt } from "../receipts/index.ts";
import { formatVoucherCode, orderVouchers } from "../vouchers/index.ts";
import { slipPdf } from "./bank-slip.ts";
import { findUserOrder } from "./my-orders.repository.ts";
import { currentOwner } from "./my-orders.service.ts";
import { findOrderByCode, type OrderRow, orderLines } from "./orders.repository.ts";
import { ORDER_ERRORS, slipAccount, slipFilename, tokenMatches } from "./orders.service.ts";

/**
 * SPEC §7 Documents: an order's fiscalised receipt and, for a bank transfer, its HUB-3 slip, for the
 * holder of the order's access token (a guest, the success page) or its logged-in owner (my orders).
 */

export const DOCUMENT_ERRORS = { notFound: "error.documents.notFound" } as const;

interface OrderDocument {
  view: DocumentView;
  render(): Promise<Buffer>;
}

const documentId = (kind: DocumentKind, code: string) => `${kind}-${code}`;

/** The order by the token the caller presents, else the logged-in customer's own; anything else is `notFound`. */
async function readableOrder(ctx: RequestCtx, code: string, token: string | undefined, notFound: string): Promise<OrderRow> {
  let order: OrderRow | undefined;
  if (token !== undefined) {
    order = await findOrderByCode(ctx.db, code);
    if (order && !tokenMatches(ctx, order.code, token)) order = undefined;
  } else if (ctx.user) {
    order = await findUserOrder(ctx.db, await currentOwner(ctx), code);
  }
  if (!order) throw new AppError("NOT_FOUND", notFound);
  return order;
}

async function documentsOf(ctx: RequestCtx, order: OrderRow): Promise<OrderDocument[]> {
  const [receipt, account, vouchers] = await Promise.all([
    findReceipt(ctx, order.id),
    slipAccount(ctx, order),
    orderVouchers(ctx, order.id),
  ]);
  const documents: OrderDocument[] = [];
  if (receipt) {
    documents.push({
      view: { id: documentId("receipt", order.code), kind: "receipt", filename: receiptFilename(receipt), contentType: "application/pdf" },
      render: async () => {
        const customer = JSON.parse(order.customer) as { company?: { companyName?: string } | null };
        const lines = await orderLines(ctx.db, order.id);
        return renderReceipt(ctx, receipt, {
          // The receipt speaks the order's language, whoever downloads it.
          locale: toLocale(order.language_code) ?? DEFAULT_LOCALE,
          orderNumber: order.number,
          lines: lines.map((l) => ({ name: l.name, qty: l.qty, unitCents: l.unit_cents, amountCents: l.row_cents })),
          discountCents: order.discount_cents,
          deliveryCents: order.delivery_cents,
          buyerName: customer.company?.companyName ?? null,
          voucher: order.voucher_code ? { code: formatVoucherCode(order.voucher_code), amountCents: order.voucher_cents } : null,
        });
      },
    });
  }
  if (account) {
    documents.push({
      view: {
        id: documentId("paymentSlip", order.code),
        kind: "paymentSlip",
        filename: slipFilename(order),
        contentType: "application/pdf",
      },
      render: () => slipPdf(ctx, order, account),
    });
  }
  for (const voucher of vouchers) {
    documents.push({
      view: {
        id: documentId("voucher", `${voucher.code}-${order.code}`),
        kind: "voucher",
        filename: voucher.filename,
        contentType: "application/pdf",
      },
      render: () => voucher.render(order),
    });
  }
  return documents;
}

export async function filterDocuments(ctx: RequestCtx, body: DocumentFilterBody, token: string | undefined): Promise<DocumentList> {
  const order = await readableOrder(ctx, body.orderCode, token, ORDER_ERRORS.orderNotFound);
  const all = (await documentsOf(ctx, order)).map((d) => d.view);
  const from = (body.page - 1) * body.limit;
  return { records: all.slice(from, from + body.limit), pagination: makePagination(body.page, body.limit, all.length) };
}

/** One document; a document the order lacks, another's order or a missing one all answer the same 404. */
export async function getDocument(ctx: RequestCtx, id: string, token: string | undefined): Promise<DocumentFile> {
  const code = id.slice(id.lastIndexOf("-") + 1);
  const order = await readableOrder(ctx, code, token, DOCUMENT_ERRORS.notFound);
  const document = (await documentsOf(ctx, order)).find((d) => d.view.id === id);
  if (!document) throw new AppError("NOT_FOUND", DOCUMENT_ERRORS.notFound);
  const pdf = await document.render();
  return { filename: document.view.filename, contentType: document.view.contentType, base64: pdf.toString("base64") };
}
