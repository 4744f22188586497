/** Tables of the full-text search index. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the search module's migration.
export interface SearchTables {}
