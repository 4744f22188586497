/**
 * What a deleted account's records that the law keeps (orders: 11 years under the accounting act)
 * say in place of the person. The `.invalid` domain (RFC 2606) receives no mail and no account can
 * confirm it, so an anonymised order never reaches anyone or joins anyone's history.
 */
export const ANONYMISED = {
  email: "anonymised@anonymised.invalid",
  /** The coupon uses of such orders count for nobody in particular. */
  customerKey: "anonymised",
  /** Who moved the order, where it was the account. */
  actor: "customer",
} as const;
