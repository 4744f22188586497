import { Hono } from "hono";
import type { PlatformDeps } from "../../http/context.ts";

export interface MediaServeOptions {
  /** Folder of the originals and of the generated sizes. */
  mediaDir: string;
}

/** /media/{apiKeyId}/{driveId or id}/{size}/{title}.{ext}/{hash} (SPEC §7 Media URLs). */
export function createMediaApp(_deps: PlatformDeps, _options: MediaServeOptions): Hono {
  return new Hono();
}
