import type { SeedContext } from "./context.ts";

/** Demo rows of forms, submissions, newsletter subscriptions, e-mail confirmations. */
export async function seedForms(_ctx: SeedContext): Promise<void> {}
