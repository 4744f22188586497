import type { SeedContext } from "./context.ts";

/** Demo rows of consents and the consent log. */
export async function seedConsents(_ctx: SeedContext): Promise<void> {}
