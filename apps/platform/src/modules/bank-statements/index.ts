/** Bank statements (issue 12): importing camt.053 or a bank's CSV pays the bank-transfer orders it shows. */
export { importStatement, resolveUnmatched, unmatchedPayments } from "./bank-statements.service.ts";
