import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MigrationError } from "@shop/db";
import { ConfigError, loadConfig } from "./config.ts";
import { routeConsoleTo } from "./log.ts";
import { stopGracefully } from "./shutdown.ts";
import { StartupError } from "./startup-error.ts";

async function main() {
  const config = loadConfig();
  // React reads NODE_ENV once when it loads: its development build renders several times slower.
  process.env.NODE_ENV ??= config.production ? "production" : "development";
  const { createShopServer } = await import("./server.ts");
  const shop = await createShopServer(config, { dev: process.argv.includes("--dev") });
  const { logger } = shop;
  routeConsoleTo(logger);
  // A crash is one record of the log too, its stack inside it.
  process.on("uncaughtException", (err) => {
    logger.error({ event: "crash", error: err.message, stack: err.stack });
    process.exit(1);
  });
  // What a person starting the shop reads: plain lines, or records of the JSON log when that is the output.
  const say = (text: string, event: string) =>
    config.log === "json" ? logger.info({ event, message: text }) : process.stdout.write(`${text}\n`);
  if (shop.seeded) {
    // Never a log record: shown once to the person starting a demo shop, on its first start only.
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
  if (shop.siteSeeded)
    say("The shop's site was created without users: add its administrator with npm run create-admin -- <email>.", "seeded");
  const server = createServer(shop.listener);
  if (shop.upgrade) server.on("upgrade", shop.upgrade);
  server.once("error", (err: NodeJS.ErrnoException) => {
    process.stderr.write(`${listenFailure(err, config.port, config.host)}\n`);
    void shop.close().then(() => process.exit(1));
  });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    say(`Shop listening on ${config.publicUrl} (port ${port})`, "listening");
    if (config.payments.provider !== "none" && config.payments.env === "emulator") {
      // Said at every start, so a shop taking fake card payments is never a surprise.
      say(`Card payments go to the built-in ${config.payments.provider} emulator: nothing is charged.`, "payments.emulator");
      // The emulator's payments live in this process: a buyer sent to another instance's emulator finds none.
      if (config.redisUrl !== undefined || config.databaseUrl.startsWith("postgres")) {
        say(
          "Several instances: the payment emulator keeps its payments in this instance's memory, so one instance must serve /__emulator/ (send that path to it at the load balancer).",
          "payments.emulator.instances",
        );
      }
    }
    if (config.fiscal.mode === "cis" && config.fiscal.env === "emulator") {
      say("Receipts are fiscalised by the built-in CIS emulator: the Tax Administration sees none of them.", "fiscal.emulator");
    }
  });
  stopGracefully(server, shop, { delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs });
}

/** Why the port could not be taken, in one line naming the setting. */
function listenFailure(err: NodeJS.ErrnoException, port: number, host: string): string {
  if (err.code === "EADDRINUSE") return `PORT: port ${port} is already in use by another program; stop it or start with another PORT.`;
  if (err.code === "EACCES") return `PORT: port ${port} needs more rights than this user has; choose a port above 1023.`;
  if (err.code === "EADDRNOTAVAIL") return `HOST: ${host} is not an address of this machine.`;
  return `Listening on ${host}:${port} failed: ${err.message}`;
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof MigrationError || err instanceof StartupError;
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(known ? `${message}\n` : `Start-up failed: ${message.split("\n")[0]}\n`);
  process.exit(1);
});
