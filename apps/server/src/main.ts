import { serve } from "@hono/node-server";
import { MigrationError } from "@shop/db";
import { ConfigError, loadConfig } from "./config.ts";
import { createShopServer } from "./server.ts";

async function main() {
  const config = loadConfig();
  const shop = await createShopServer(config);
  if (shop.seeded) {
    process.stdout.write(
      [
        "",
        "Demo data created. These passwords are shown only now:",
        `  administrator  ${shop.seeded.admin.email}  ${shop.seeded.admin.password}`,
        `  customer       ${shop.seeded.customer.email}  ${shop.seeded.customer.password}`,
        "",
      ].join("\n"),
    );
  }
  const server = serve({ fetch: shop.app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(`Shop listening on ${config.publicUrl} (port ${info.port})\n`);
  });
  const stop = () => {
    server.close();
    void shop.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
