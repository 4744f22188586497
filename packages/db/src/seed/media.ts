import { MEDIA_SIZE_NAMES, MEDIA_SIZE_RULES } from "@shop/contracts";
import { DEMO_MEDIA } from "./assets.ts";
import type { SeedContext } from "./context.ts";

/** Media library rows for the demo's drawings; their files are written by the media server on first use. */
export async function seedMedia(ctx: SeedContext): Promise<void> {
  await ctx.trx
    .insertInto("media_options")
    .values(
      // The named sizes of SPEC §9, from the rules the media server resizes by; value is the fit (cover | inside).
      MEDIA_SIZE_NAMES.map((key) => {
        const rule = MEDIA_SIZE_RULES[key];
        return { key, value: rule.fit, auto_resize: 1, x: rule.width, y: rule.height };
      }),
    )
    .execute();
  await ctx.trx
    .insertInto("media")
    .values(
      Object.values(DEMO_MEDIA).map((file) => ({
        drive_id: file.driveId,
        version: 1,
        title: file.title,
        description: "",
        size: Buffer.byteLength(file.svg, "utf8"),
        path: file.path,
        extension: "svg",
        mime: "image/svg+xml",
        access: "public" as const,
        original_name: `${file.name}.svg`,
        hash: file.hash,
        width: file.width,
        height: file.height,
        is_default: 0,
        created_at: ctx.now,
      })),
    )
    .execute();
}
