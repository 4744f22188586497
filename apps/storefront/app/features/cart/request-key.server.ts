import { idempotencyHeaders } from "@shop/contracts/schemas/idempotency.ts";
import type { z } from "zod";
import { formText } from "../forms/form-values.ts";
import { REQUEST_KEY_FIELD } from "./cart-action-data.ts";

/** A cart write's Idempotency-Key header as the platform takes it (none: applied every time). */
export type RequestKeyHeaders = z.output<typeof idempotencyHeaders>;

/**
 * The form's key (`useRequestKey`) as the platform's header: none from a form without one (a page
 * rendered before keys existed), null when the field holds something that is not a key.
 */
export function requestKeyHeaders(form: FormData): RequestKeyHeaders | null {
  const parsed = idempotencyHeaders.safeParse({ "idempotency-key": formText(form, REQUEST_KEY_FIELD) || undefined });
  return parsed.success ? parsed.data : null;
}

/** The key of a second write the same submission makes (a refused coupon's removal): as repeatable as the first. */
export function followUpKey(headers: RequestKeyHeaders, what: string): RequestKeyHeaders {
  const key = headers["idempotency-key"];
  return key === undefined ? {} : { "idempotency-key": `${key}.${what}` };
}
