import type { ColumnType, Generated } from "kysely";

/** Tables of checkout and orders (SPEC §3 Shipping method, Payment method, Order). Money in cents, times ISO text. */

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface BranchesTable {
  id: Id;
  code: string;
  name: string;
  street: string;
  zip_code: string;
  city: string;
  phone: string;
  email: string;
  /** JSON text: seven entries, Monday first, each {opens, closes} ("07:00") or null for closed; null: not known. */
  opening_hours: ColumnType<string | null, string | null | undefined, string | null>;
  position: Flag;
  active: Flag;
}

export interface DeliveryMethodsTable {
  id: Id;
  code: string;
  price_cents: number;
  vat_rate: number;
  /** 1: the customer picks a branch (SPEC §3 Shipping method options). */
  needs_branch: number;
  /** 'ALL' or a comma list of ISO alpha-2 codes. */
  countries: string;
  position: Flag;
  active: Flag;
}

export interface DeliveryMethodTranslationsTable {
  id: Id;
  method_id: number;
  language_code: string;
  name: string;
  description: string;
}

export type PaymentKind = "branch" | "bank_transfer" | "card" | "wallet";

export interface PaymentMethodsTable {
  id: Id;
  code: string;
  kind: PaymentKind;
  position: Flag;
  active: Flag;
}

export interface PaymentMethodTranslationsTable {
  id: Id;
  method_id: number;
  language_code: string;
  name: string;
  description: string;
}

export interface DocumentSequencesTable {
  name: string;
  year: number;
  last_value: number;
}

export interface OrdersTable {
  id: Id;
  code: string;
  number: string;
  cart_id: number;
  cart_version: number;
  idempotency_key: string | null;
  request_hash: string;
  user_id: number | null;
  email: string;
  language_code: string;
  status: string;
  payment_status: string;
  fulfilment_status: string;
  currency: string;
  items_cents: number;
  discount_cents: number;
  delivery_cents: number;
  tax_cents: number;
  total_cents: number;
  vat: string;
  coupon_id: number | null;
  coupon_code: string | null;
  /** What a gift voucher paid of the total (its code beside); the payment method pays the rest. */
  voucher_cents: ColumnType<number, number | undefined, number>;
  voucher_code: ColumnType<string | null, string | null | undefined, string | null>;
  member_card: string | null;
  delivery_method_id: number | null;
  delivery_name: string | null;
  branch_id: number | null;
  branch: string | null;
  payment_method_id: number;
  payment_kind: PaymentKind;
  payment_name: string;
  customer: string;
  note: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** Number, code, e-mail and the buyer's names, company, OIB and phone, lowercased: what staff search by. */
  search_text: string;
}

export interface OrderLinesTable {
  id: Id;
  order_id: number;
  position: number;
  product_id: number | null;
  name: string;
  sku: string;
  options: string;
  qty: number;
  unit_cents: number;
  row_cents: number;
  discount_cents: number;
  vat_rate: number;
  tax_cents: number;
  /** The product's KPD code as it was when the order was placed (the e-invoice names it). */
  classification_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentAttemptsTable {
  id: Id;
  order_id: number;
  provider: string;
  provider_order_number: string;
  amount_cents: number;
  currency: string;
  status: string;
  refunded_cents: Flag;
  approval_code: string | null;
  transaction_id: string | null;
  /** A card wallet's payment at its provider (Monri Components' client secret); null until opened. */
  wallet_secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderHistoryTable {
  id: Id;
  order_id: number;
  axis: "order" | "payment" | "fulfilment";
  from_status: string | null;
  to_status: string;
  actor: string;
  reason: ColumnType<string, string | undefined, string>;
  created_at: string;
}

export interface StockReservationsTable {
  id: Id;
  order_id: number;
  product_id: number;
  qty: number;
  status: "held" | "committed" | "released";
  created_at: string;
  updated_at: string;
}

export interface CouponUsesTable {
  id: Id;
  coupon_id: number;
  order_id: number;
  customer_key: string;
  released_at: string | null;
  created_at: string;
}

export interface OrderAlertsTable {
  id: Id;
  order_id: number;
  /** paid_after_expiry, amount_mismatch, … */
  kind: string;
  detail: string;
  created_at: string;
  resolved_at: string | null;
}

export interface ReceiptsTable {
  id: Id;
  order_id: number;
  oib: string;
  operator_oib: string;
  vat_registered: number;
  premise: string;
  device: string;
  year: number;
  /** BrOznRac: per premise, device and year, without gaps. */
  sequence: number;
  issued_at: string;
  total_cents: number;
  /** JSON text: [{ ratePercent, baseCents, vatCents }]. */
  vat: string;
  /** NacinPlac: G cash, K card, T transfer, O other. */
  payment_method: "G" | "K" | "T" | "O";
  buyer_oib: string | null;
  zki: string;
  jir: string | null;
  status: "pending_delivery" | "delivered";
  attempts: Flag;
  next_attempt_at: string;
  /** A delivery in progress holds the receipt until then (one instance at a time). */
  claimed_until: string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  /** A storno (cancellation) receipt: the receipt it cancels; its amounts are negative. Null: a sale. */
  storno_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** When staff were alerted that CIS had not accepted it (late, or refused); the alert is raised once. */
  alerted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A refund through the payment provider, with its storno receipt. */
export interface OrderRefundsTable {
  id: Id;
  order_id: number;
  attempt_id: number;
  amount_cents: number;
  receipt_id: number | null;
  actor: string;
  reason: ColumnType<string, string | undefined, string>;
  created_at: string;
}

/** A gift voucher unit (issue 11 item 6): issued when its order is paid, spent by later orders. */
export interface VouchersTable {
  id: Id;
  /** 16 letters and digits without look-alikes, stored without the dashes it is printed with. */
  code: string;
  order_id: number;
  order_line_id: number;
  /** Which unit of the line (1…qty): each is issued once. */
  unit: number;
  value_cents: number;
  balance_cents: number;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface VoucherUsesTable {
  id: Id;
  voucher_id: number;
  order_id: number;
  amount_cents: number;
  /** Set when the order was cancelled unpaid and the amount went back to the voucher. */
  released_at: string | null;
  created_at: string;
}

export interface OrderTables {
  order_alerts: OrderAlertsTable;
  branches: BranchesTable;
  delivery_methods: DeliveryMethodsTable;
  delivery_method_translations: DeliveryMethodTranslationsTable;
  payment_methods: PaymentMethodsTable;
  payment_method_translations: PaymentMethodTranslationsTable;
  document_sequences: DocumentSequencesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_attempts: PaymentAttemptsTable;
  order_history: OrderHistoryTable;
  stock_reservations: StockReservationsTable;
  coupon_uses: CouponUsesTable;
  receipts: ReceiptsTable;
  order_refunds: OrderRefundsTable;
  vouchers: VouchersTable;
  voucher_uses: VoucherUsesTable;
}
