import type { SeedContext } from "./context.ts";

/** Demo rows of media library rows and their generated sizes. */
export async function seedMedia(_ctx: SeedContext): Promise<void> {}
