import type { SeedContext } from "./context.ts";

/** Demo rows of terms, post types, post-term links, translations links, redirects and failed requests. */
export async function seedCms(_ctx: SeedContext): Promise<void> {}
