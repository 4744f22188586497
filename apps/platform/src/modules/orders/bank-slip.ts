import { toLocale } from "@shop/contracts";
import { formatPrice, translator } from "@shop/i18n";
import type { RequestCtx } from "../../http/context.ts";
import { fitHub3Slip, type Hub3Slip, hub3BarcodeSvg, hub3Payload, hub3Reference, hub3SlipPdf } from "../bank-transfer/index.ts";
import type { BankAccount } from "../checkout/index.ts";
import { type OrderRow, toPayOf } from "./orders.repository.ts";

interface Payer {
  firstName?: string;
  lastName?: string;
  street?: string;
  houseNumber?: string;
  zipCode?: string;
  city?: string;
}

/** The order's HUB-3 slip for what is left after a gift voucher: model HR00, the order number as reference, paid by whom the order bills; words in the order's language. */
export function slipOf(order: OrderRow, account: BankAccount): Hub3Slip {
  const customer = JSON.parse(order.customer) as { delivery?: Payer; billing?: Payer | null; company?: { companyName: string } | null };
  const payer = customer.billing ?? customer.delivery ?? {};
  const t = translator(toLocale(order.language_code));
  return fitHub3Slip({
    amountCents: toPayOf(order),
    currency: "EUR",
    payer: {
      name: customer.company?.companyName ?? `${payer.firstName ?? ""} ${payer.lastName ?? ""}`.trim(),
      street: `${payer.street ?? ""} ${payer.houseNumber ?? ""}`.trim(),
      place: `${payer.zipCode ?? ""} ${payer.city ?? ""}`.trim(),
    },
    recipient: account.recipient,
    iban: account.iban,
    model: "HR00",
    reference: hub3Reference(order.number),
    purposeCode: "OTHR",
    description: t("checkout.slip.description", { number: order.number }),
  });
}

export function slipView(ctx: RequestCtx, order: OrderRow, account: BankAccount) {
  const slip = slipOf(order, account);
  const t = translator(ctx.locale);
  return {
    recipient: [slip.recipient.name, slip.recipient.street, slip.recipient.place].filter(Boolean).join(", "),
    iban: slip.iban,
    model: slip.model,
    reference: slip.reference,
    amount: toPayOf(order) / 100,
    description: slip.description,
    barcodeSvg: hub3BarcodeSvg(
      hub3Payload(slip),
      t("checkout.slip.barcodeTitle", { amount: formatPrice(ctx.locale, toPayOf(order) / 100) }),
    ),
  };
}

export function slipPdf(ctx: RequestCtx, order: OrderRow, account: BankAccount): Promise<Buffer> {
  const t = translator(ctx.locale);
  return hub3SlipPdf(slipOf(order, account), { locale: ctx.locale, title: t("checkout.slip.title", { number: order.number }) });
}
