/** Tables of terms, post types, post-term links, translations links, redirects and failed requests. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the cms module's migration.
export interface CmsTables {}
