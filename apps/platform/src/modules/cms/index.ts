/** What other modules use of the CMS: the one allow-list for stored HTML (product descriptions, issue 12). */
export { sanitizeStoredHtml } from "./html.ts";
