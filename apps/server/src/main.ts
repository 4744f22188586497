import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MigrationError } from "@shop/db";
import { ConfigError, loadConfig } from "./config.ts";

async function main() {
  const config = loadConfig();
  // React reads NODE_ENV once when it loads: its development build renders several times slower.
  process.env.NODE_ENV ??= config.production ? "production" : "development";
  const { createShopServer } = await import("./server.ts");
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
  const server = createServer(shop.listener);
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`Shop listening on ${config.publicUrl} (port ${port})\n`);
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
