import { gzipSync } from "node:zlib";
import { startShop } from "./support/server.ts";

const shop = await startShop({});
try {
  for (const path of ["/product/auto-sampon", "/", "/shop/njega-vozila"]) {
    const html = await (await fetch(`${shop.baseUrl}${path}`)).text();
    const srcs = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1] as string));
    let bytes = 0;
    for (const src of srcs) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, shop.baseUrl))).arrayBuffer())).length;
    console.log(path, (bytes / 1024).toFixed(1), "KB");
  }
} finally {
  await shop.stop();
}
