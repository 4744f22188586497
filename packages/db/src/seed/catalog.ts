import type { SeedContext } from "./context.ts";

/** The demo shop catalog: categories, attributes, products of every format, a coupon. */
export async function seedCatalog(_ctx: SeedContext): Promise<void> {}
