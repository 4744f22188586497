import {
  type DocumentFile,
  type DocumentFilterBody,
  type DocumentKind,
  type DocumentList,
  type DocumentView,
  makePagination,
} from "@shop/contracts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { ublInvoiceXml } from "../einvoice/index.ts";
import { findReceipt, findStornos, receiptFilename, renderReceipt } from "../receipts/index.ts";
import { orderVouchers } from "../vouchers/index.ts";
import { slipPdf } from "./bank-slip.ts";
import { receiptOrderPart } from "./mail-attachments.ts";
import { findUserOrder } from "./my-orders.repository.ts";
import { currentOwner } from "./my-orders.service.ts";
import { findOrderByCode, type OrderRow, orderLines } from "./orders.repository.ts";
import { ORDER_ERRORS, orderEInvoice, slipAccount, slipFilename, tokenMatches } from "./orders.service.ts";

/**
 * SPEC §7 Documents: an order's fiscalised receipt, for a bank transfer its HUB-3 slip, and for a
 * company paying by transfer its e-invoice, for the holder of the order's access token (a guest,
 * the success page) or its logged-in owner (my orders).
 */

export const DOCUMENT_ERRORS = { notFound: "error.documents.notFound" } as const;

interface OrderDocument {
  view: DocumentView;
  render(): Promise<Buffer>;
}

const documentId = (kind: DocumentKind, code: string, nth = "") => `${kind}${nth}-${code}`;

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
  const [receipt, account, eInvoice, vouchers] = await Promise.all([
    findReceipt(ctx, order.id),
    slipAccount(ctx, order),
    orderEInvoice(ctx, order),
    orderVouchers(ctx, order.id),
  ]);
  const documents: OrderDocument[] = [];
  const pdfOf = (id: number) => async () =>
    renderReceipt(ctx.db, ctx.site.name, id, receiptOrderPart(order, await orderLines(ctx.db, order.id)));
  if (receipt) {
    documents.push({
      view: { id: documentId("receipt", order.code), kind: "receipt", filename: receiptFilename(receipt), contentType: "application/pdf" },
      render: pdfOf(receipt.id),
    });
    for (const [i, storno] of (await findStornos(ctx, receipt.id)).entries()) {
      documents.push({
        view: {
          id: documentId("storno", order.code, String(i + 1)),
          kind: "storno",
          filename: receiptFilename(storno),
          contentType: "application/pdf",
        },
        render: pdfOf(storno.id),
      });
    }
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
  if (eInvoice?.kind === "ready") {
    const { invoice, filename } = eInvoice;
    documents.push({
      view: { id: documentId("eInvoice", order.code), kind: "eInvoice", filename, contentType: "application/xml" },
      render: async () => Buffer.from(ublInvoiceXml(invoice), "utf8"),
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

const codeOfDocument = (id: string) => id.slice(id.lastIndexOf("-") + 1);

async function renderDocument(ctx: RequestCtx, order: OrderRow, id: string): Promise<DocumentFile> {
  const document = (await documentsOf(ctx, order)).find((d) => d.view.id === id);
  if (!document) throw new AppError("NOT_FOUND", DOCUMENT_ERRORS.notFound);
  const file = await document.render();
  return { filename: document.view.filename, contentType: document.view.contentType, base64: file.toString("base64") };
}

/** One document; a document the order lacks, another's order or a missing one all answer the same 404. */
export async function getDocument(ctx: RequestCtx, id: string, token: string | undefined): Promise<DocumentFile> {
  return renderDocument(ctx, await readableOrder(ctx, codeOfDocument(id), token, DOCUMENT_ERRORS.notFound), id);
}

/** Issue 12: the back office's order page lists every order's documents (the endpoint checks the staff scope). */
export async function orderDocumentViews(ctx: RequestCtx, order: OrderRow): Promise<DocumentView[]> {
  return (await documentsOf(ctx, order)).map((d) => d.view);
}

/** Issue 12: one document of any order, for staff; a missing order or document is the same 404. */
export async function staffDocument(ctx: RequestCtx, id: string): Promise<DocumentFile> {
  const order = await findOrderByCode(ctx.db, codeOfDocument(id));
  if (!order) throw new AppError("NOT_FOUND", DOCUMENT_ERRORS.notFound);
  return renderDocument(ctx, order, id);
}
