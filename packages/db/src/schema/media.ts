/** Tables of media library rows and their generated sizes. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the media module's migration.
export interface MediaTables {}
