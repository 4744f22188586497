import { type ConsentView, LIMITS } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { data } from "react-router";
import type { Platform } from "../../platform.server.ts";
import type { Translate } from "../forms/form-values.ts";

export { acceptedConsentIds, checkConsents } from "./consent-check.ts";

/**
 * The consents shown at a place ('registration', 'newsletter', 'checkout', 'cookies' or a form's
 * id), in the request language. They are the same for every visitor, so the answer is shared.
 * Without them a form could be sent without its required consents, so a failure stops the page
 * (SPEC §8 error.consentsNotFetched: reload the page, in the page's language when `t` is given)
 * instead of showing the form without them.
 */
export async function loadConsents(platform: Platform, assignedTo: string, t?: Translate): Promise<ConsentView[]> {
  const result = await platform.callPublic(api.consents.webFilter, { body: { assigned_to: assignedTo, limit: LIMITS.consentList } });
  if (!result.ok) {
    console.warn(`[consents] consents for ${assignedTo} could not be loaded: ${result.status} ${result.message}`);
    // The error page shows a string answer as its message; without a translator the generic text.
    throw data(t ? t("error.consentsNotFetched") : null, { status: 503 });
  }
  return result.data.records;
}

export interface ConsentChoice {
  consentIds: number[];
  status: "accepted" | "withdrawn";
}

/**
 * Logs a choice (SPEC §7 web/consent/log/create) with its time. Who made it is the caller's login
 * (the platform takes it from the session, never from the body); a visitor is logged as a guest.
 * False when it failed; nothing to log counts as done.
 */
export async function logConsentChoice(platform: Platform, choice: ConsentChoice): Promise<boolean> {
  if (choice.consentIds.length === 0) return true;
  const result = await platform.call(api.consents.logCreate, {
    body: {
      status: choice.status,
      statusTimestamp: new Date().toISOString(),
      sourceType: "cmsSite",
      consents: choice.consentIds,
    },
  });
  if (!result.ok) console.warn(`[consents] consent log failed: ${result.status} ${result.message}`);
  return result.ok;
}

/** Logs the consents ticked on a form (registration, newsletter, a CMS form); false when it failed (error.failedConsentLog). */
export function logConsents(platform: Platform, consentIds: number[]): Promise<boolean> {
  return logConsentChoice(platform, { consentIds, status: "accepted" });
}
