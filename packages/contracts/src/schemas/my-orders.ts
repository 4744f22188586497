import { z } from "zod";
import { PAGINATION } from "../constants.ts";

/** A page of the logged-in customer's orders, newest first (SPEC §9 default limit 10). */
export const myOrdersBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(PAGINATION.defaultPage),
  limit: z.coerce.number().int().min(1).max(50).default(PAGINATION.defaultLimit),
});
export type MyOrdersBody = z.infer<typeof myOrdersBody>;
