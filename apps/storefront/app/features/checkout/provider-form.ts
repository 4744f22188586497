/**
 * The card provider's form that order creation answers (SPEC §4 Payment submit: append the returned
 * HTML form and submit it). The platform writes it; the page gives it an id (so a plain button can
 * send it without JavaScript) and its CSP lets the form post to the provider's origin.
 */

export const PROVIDER_FORM_ID = "payment-provider-form";

/** The first form gets our id; an id of its own further on in the tag loses, since the first copy of an attribute wins. */
export function withProviderFormId(html: string): string {
  return html.replace(/<form\b/i, `<form id="${PROVIDER_FORM_ID}"`);
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };

/** The origin of an absolute http(s) address; null for a relative one (this page's own origin) or another scheme. */
export function absoluteOrigin(address: string): string | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
}

/**
 * The origin the form posts to, for the page's CSP form-action. Named even when it is the shop's
 * configured address: a visitor may have opened the shop at another one (issue 25).
 */
export function providerFormOrigin(html: string): string | null {
  const match = /<form\b[^>]*?\saction\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const raw = match?.[1] ?? match?.[2];
  return raw === undefined ? null : absoluteOrigin(raw.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e));
}
