import { z } from "zod";
import { V } from "../validation-messages.ts";

/**
 * The optional Idempotency-Key header of a write that a retry must not apply twice (order/create,
 * every cart change): a repeat with the same key answers the first answer.
 */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[\w.:-]+$/, { error: V.invalid })
    .optional(),
});
