/** Tables of forms, submissions, newsletter subscriptions, e-mail confirmations. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the forms module's migration.
export interface FormsTables {}
