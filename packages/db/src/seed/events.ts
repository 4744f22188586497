import type { SeedContext } from "./context.ts";

/** Demo rows of events and comments. */
export async function seedEvents(_ctx: SeedContext): Promise<void> {}
