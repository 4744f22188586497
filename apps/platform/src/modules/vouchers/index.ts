/** What the cart, orders, receipts and the mail dispatcher use of gift vouchers. */
export { formatVoucherCode, normaliseVoucherCode } from "./voucher-code.ts";
export type { VoucherRow } from "./vouchers.repository.ts";
export {
  checkVoucher,
  issueVouchers,
  orderVouchers,
  type PaidVoucherLine,
  releaseVoucher,
  spendVoucher,
  usableVoucher,
  VOUCHER_ERRORS,
  VOUCHER_MAIL_ATTACHMENTS,
  VOUCHER_VALID_MONTHS,
  type VoucherCheck,
  voucherPaymentOf,
} from "./vouchers.service.ts";
