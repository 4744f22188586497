import {
  ALL_COUNTRIES,
  type BranchView,
  type CountryView,
  type DeliveryMethodsAnswer,
  PAYMENT_TYPES,
  type PaymentMethodView,
  type ShippingMethodView,
  type WeekHours,
} from "@shop/contracts";
import { weekHours } from "@shop/contracts/api/checkout.ts";
import type { PaymentKind } from "@shop/db";
import type { RequestCtx } from "../../http/context.ts";
import { languagesFor, pickTranslation } from "../../shared/translations.ts";
import { toEur } from "../catalog/index.ts";
import { checkoutSettings, getOptions, listCountries } from "../settings/index.ts";
import { activeBranches, type BranchRow, deliveryMethodRows, paymentMethodRows } from "./checkout.repository.ts";

/**
 * The ways a car-wash customer receives and pays (SPEC §2 Checkout shipping and payment steps): which
 * apply to a cart, and what a chosen one is. The cart stores the choice; the order freezes it.
 */

export interface DeliveryChoice {
  id: number;
  code: string;
  name: string;
  description: string;
  priceCents: number;
  vatRate: number;
  branches: BranchView[];
  countries: string;
}

export interface PaymentChoice {
  id: number;
  code: string;
  kind: PaymentKind;
  name: string;
  description: string;
}

/** Stored hours that do not read as a week (a hand-edited row) count as not known. */
function hoursOf(text: string | null): WeekHours | null {
  if (text === null) return null;
  try {
    const parsed = weekHours.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const branchView = (b: BranchRow): BranchView => ({
  id: b.id,
  name: b.name,
  address: `${b.street}, ${b.zip_code} ${b.city}`,
  phone: b.phone,
  hours: hoursOf(b.opening_hours),
});

/** One row per method in the request's language, else the fallback's. */
function best<T extends { id: number; language_code: string }>(rows: readonly T[], ctx: RequestCtx): T[] {
  const byId = new Map<number, T[]>();
  for (const r of rows) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  return [...byId.values()].flatMap((group) => pickTranslation(group, ctx.locale) ?? []);
}

export async function deliveryChoices(ctx: RequestCtx): Promise<DeliveryChoice[]> {
  const [rows, branches] = await Promise.all([deliveryMethodRows(ctx.db, languagesFor(ctx.locale)), activeBranches(ctx.db)]);
  return best(rows, ctx).map((m) => ({
    id: m.id,
    code: m.code,
    name: m.name,
    priceCents: m.price_cents,
    vatRate: m.vat_rate,
    branches: m.needs_branch === 1 ? branches.map(branchView) : [],
    countries: m.countries,
    description: m.description,
  }));
}

const servesCountry = (m: DeliveryChoice, code: string | null) =>
  m.countries === ALL_COUNTRIES ||
  (code !== null &&
    m.countries
      .split(",")
      .map((c) => c.trim())
      .includes(code));

/** SPEC §7 getAvailableCountries: the allowed countries of the checkout settings (a list or ALL). */
export async function availableCountries(ctx: RequestCtx): Promise<CountryView[]> {
  const [settings, countries] = await Promise.all([checkoutSettings(ctx), listCountries(ctx)]);
  if (settings.allowedCountries === ALL_COUNTRIES) return countries;
  const allowed = new Set(settings.allowedCountries);
  return countries.filter((c) => allowed.has(c.code));
}

/** The methods that deliver to the country; none at all for a cart of only e-products. */
export async function applicableDeliveryMethods(
  ctx: RequestCtx,
  cart: { digitalOnly: boolean; countryCode: string | null },
): Promise<DeliveryMethodsAnswer> {
  if (cart.digitalOnly) return { digitalOnly: true, methods: [] };
  const methods = (await deliveryChoices(ctx)).filter((m) => servesCountry(m, cart.countryCode));
  return { digitalOnly: false, methods: methods.map(toShippingView) };
}

function toShippingView(m: DeliveryChoice): ShippingMethodView {
  return { id: m.id, name: m.name, description: m.description, price: toEur(m.priceCents), options: m.branches };
}

export async function deliveryChoice(ctx: RequestCtx, id: number, countryCode: string | null): Promise<DeliveryChoice | undefined> {
  return (await deliveryChoices(ctx)).find((m) => m.id === id && servesCountry(m, countryCode));
}

export async function paymentChoices(ctx: RequestCtx): Promise<PaymentChoice[]> {
  const rows = await paymentMethodRows(ctx.db, languagesFor(ctx.locale));
  return best(rows, ctx).map((m) => ({ id: m.id, code: m.code, kind: m.kind, name: m.name, description: m.description }));
}

/**
 * Paying at the branch needs a branch pickup; an order of only e-products (vouchers) is paid before it
 * is issued, so never at a branch. Bank transfer needs the shop's account, a card the provider.
 */
export async function applicablePaymentMethods(
  ctx: RequestCtx,
  cart: { digitalOnly: boolean; delivery: DeliveryChoice | undefined },
): Promise<PaymentChoice[]> {
  const pickup = !cart.digitalOnly && (cart.delivery?.branches.length ?? 0) > 0;
  const [methods, account] = await Promise.all([paymentChoices(ctx), bankAccount(ctx)]);
  return methods.filter(
    (m) =>
      (m.kind !== "branch" || pickup) &&
      (m.kind !== "bank_transfer" || account !== null) &&
      // Cards need a provider; the wallet a provider that offers one (Monri Components, MONRI_WALLET).
      (m.kind !== "card" || ctx.payments !== null) &&
      (m.kind !== "wallet" || ctx.payments?.wallet !== undefined),
  );
}

export const PAYMENT_TYPE_OF: Record<PaymentKind, PaymentMethodView["paymentType"]> = {
  branch: PAYMENT_TYPES.none,
  bank_transfer: PAYMENT_TYPES.none,
  card: PAYMENT_TYPES.hostedForm,
  wallet: PAYMENT_TYPES.wallet,
};

export const toPaymentView = (m: PaymentChoice): PaymentMethodView => ({
  id: m.id,
  name: m.name,
  description: m.description,
  paymentType: PAYMENT_TYPE_OF[m.kind],
  kind: m.kind,
});

/** The shop's bank account: CMS options staff keep (the demo seeds them). */
export const BANK_OPTION_KEYS = ["BankIban", "BankRecipientName", "BankRecipientStreet", "BankRecipientPlace"] as const;

export interface BankAccount {
  iban: string;
  recipient: { name: string; street: string; place: string };
}

/** Null when no account is set: bank transfer is then not offered. */
export async function bankAccount(ctx: RequestCtx): Promise<BankAccount | null> {
  const o = await getOptions(ctx.db, BANK_OPTION_KEYS);
  if (!o.BankIban || !o.BankRecipientName) return null;
  return {
    iban: o.BankIban,
    recipient: { name: o.BankRecipientName, street: o.BankRecipientStreet ?? "", place: o.BankRecipientPlace ?? "" },
  };
}
