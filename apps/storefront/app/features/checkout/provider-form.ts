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

/** The origin the form posts to when it is another than `own` (the CSP's form-action needs it), else null. */
export function providerFormOrigin(html: string, own: string): string | null {
  const match = /<form\b[^>]*?\saction\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const raw = match?.[1] ?? match?.[2];
  if (raw === undefined) return null;
  try {
    const url = new URL(
      raw.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e),
      own,
    );
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin === new URL(own).origin ? null : url.origin;
  } catch {
    return null;
  }
}
