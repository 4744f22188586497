import { type AdminCoupon, type AdminCouponInput, makePagination, type Paged } from "@shop/contracts";
import { AppError, fieldError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { isUniqueViolation } from "../../shared/unique-violation.ts";
import { type CouponColumns, couponById, couponCount, couponPage, insertCoupon, updateCoupon } from "./admin-coupons.repository.ts";
import { type CouponRow, findCouponByCode } from "./cart.repository.ts";

export const COUPON_ERRORS = { notFound: "error.notFound", codeTaken: "adminCatalog.error.couponCodeTaken" } as const;

function view(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    active: row.active === 1,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    minTotalCents: row.min_total_cents,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    usedCount: row.used_count,
  };
}

/** Pricing compares instants as text: stored in the one UTC ISO form. */
const utc = (instant: string | null) => (instant ? new Date(instant).toISOString() : null);

const columnsOf = (input: AdminCouponInput): CouponColumns => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  active: input.active ? 1 : 0,
  valid_from: utc(input.validFrom),
  valid_to: utc(input.validTo),
  min_total_cents: input.minTotalCents,
  usage_limit: input.usageLimit,
  per_customer_limit: input.perCustomerLimit,
});

async function found(ctx: RequestCtx, id: number): Promise<AdminCoupon> {
  const row = await couponById(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", COUPON_ERRORS.notFound);
  return view(row);
}

/** Customers type codes in any case (the cart finds them so): two codes differing only in case would be one. */
async function checkCode(ctx: RequestCtx, code: string, selfId: number | null): Promise<void> {
  const other = await findCouponByCode(ctx.db, code);
  if (other && other.id !== selfId) throw fieldError("code", COUPON_ERRORS.codeTaken);
}

const codeClash = (err: unknown): never => {
  if (isUniqueViolation(err)) throw fieldError("code", COUPON_ERRORS.codeTaken);
  throw err;
};

export async function listCoupons(ctx: RequestCtx, body: { q?: string; page: number; limit: number }): Promise<Paged<AdminCoupon>> {
  const [total, rows] = await Promise.all([
    couponCount(ctx.db, body.q),
    couponPage(ctx.db, body.q, (body.page - 1) * body.limit, body.limit),
  ]);
  return { records: rows.map(view), pagination: makePagination(body.page, body.limit, total) };
}

export async function createCoupon(ctx: RequestCtx, input: AdminCouponInput): Promise<AdminCoupon> {
  await checkCode(ctx, input.code, null);
  const id = await insertCoupon(ctx.db, columnsOf(input)).catch(codeClash);
  return found(ctx, id);
}

export async function changeCoupon(ctx: RequestCtx, id: number, input: AdminCouponInput): Promise<AdminCoupon> {
  await found(ctx, id);
  await checkCode(ctx, input.code, id);
  await updateCoupon(ctx.db, id, columnsOf(input)).catch(codeClash);
  return found(ctx, id);
}

/** Off, not deleted: orders name the code they used. */
export async function revokeCoupon(ctx: RequestCtx, id: number): Promise<AdminCoupon> {
  if (!(await updateCoupon(ctx.db, id, { active: 0 }))) throw new AppError("NOT_FOUND", COUPON_ERRORS.notFound);
  return found(ctx, id);
}
