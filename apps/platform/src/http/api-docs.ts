import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hono } from "hono";
import type { HonoEnv } from "./context.ts";

/**
 * A readable API reference at /api/docs: Swagger UI (swagger-ui-dist, served from the package, so no
 * outside host is needed) over /api/openapi.json. Paths are relative, so it works wherever /api is mounted.
 */

const DIST = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const FILES = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "openapi.json",
    dom_id: "#docs",
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Autopraonica platform API</title>
    <link rel="stylesheet" href="docs/swagger-ui.css">
  </head>
  <body>
    <main id="docs"></main>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/init.js"></script>
  </body>
</html>
`;

/** Swagger UI styles itself inline and shows data: images; nothing leaves this host. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

export function mountApiDocs(app: Hono<HonoEnv>): void {
  const files = new Map<string, Buffer>();
  const read = (name: keyof typeof FILES) => {
    let body = files.get(name);
    if (!body) {
      body = readFileSync(join(DIST, name));
      files.set(name, body);
    }
    return body;
  };
  const headers = (type: string) => ({
    "Content-Type": type,
    "Content-Security-Policy": DOCS_CSP,
    "Cache-Control": "public, max-age=3600",
  });

  app.get("/docs", (c) => c.body(PAGE, 200, headers("text/html; charset=utf-8")));
  app.get("/docs/init.js", (c) => c.body(INIT, 200, headers(FILES["swagger-ui-bundle.js"])));
  for (const name of Object.keys(FILES) as (keyof typeof FILES)[]) {
    app.get(`/docs/${name}`, (c) => c.body(new Uint8Array(read(name)), 200, headers(FILES[name])));
  }
}
