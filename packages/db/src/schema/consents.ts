/** Tables of consents and the consent log. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the consents module's migration.
export interface ConsentsTables {}
