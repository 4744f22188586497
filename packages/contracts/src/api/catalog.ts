import { z } from "zod";
import { PRODUCT_FORMATS } from "../constants.ts";

/** Answers of the catalog endpoints (SPEC §3 Product, Layered filter, Category; §7 Products and shop). */

export const productFormat = z.enum(PRODUCT_FORMATS);

/** A picture as pages show it: its URL at the size asked for, with its size and text alternative. */
export const mediaRef = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type MediaRef = z.infer<typeof mediaRef>;
