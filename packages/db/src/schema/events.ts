/** Tables of events and comments. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the events module's migration.
export interface EventsTables {}
