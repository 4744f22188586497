/** What other modules use of the media library: a public item and its URLs (the product editor picks images, issue 12). */
export { findPublicMedia } from "./media.repository.ts";
export { mediaOptionsOf, mediaView } from "./media.service.ts";
