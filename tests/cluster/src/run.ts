/**
 * `npm run test:cluster` (issue 14): two instances of the built shop on one PostgreSQL database and
 * one Redis behind HAProxy, all on loopback. Eight visitors browse, log in, fill carts and pay by card
 * through the balancer; one instance is killed (SIGKILL) in the middle, later another is restarted
 * with SIGTERM; then the database and both instances are asked whether anything was lost. Prints the
 * figures and exits non-zero when a check fails. Needs `npm run build`, PostgreSQL
 * (TEST_DATABASE_URL), Redis on 127.0.0.1:6379 and /usr/sbin/haproxy.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_LOCALE, localizedPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { NEW_SESSION_LIMIT } from "@shop/platform/modules/cart/cart.service.ts";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { freshDatabase } from "../../e2e/src/support/postgres.ts";
import { type Credentials, freePort, type ShopProcess, startShop } from "../../e2e/src/support/server.ts";
import { Client, CookieJar, p99, Recorder, type Sample } from "./client.ts";
import { startHaproxy } from "./haproxy.ts";
import { LOAD_EMAIL, type LoadRun, type PlacedOrder, type Shop, STOCKED_PRODUCTS, startLoad, WASH_PRODUCT } from "./load.ts";

const DATABASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS = "redis://127.0.0.1:6379";
const USERS = 8;
/** Seconds of load before the kill, after it, before the SIGTERM and after the replacement is up. */
const BEFORE_KILL_S = 20;
const AFTER_KILL_S = 20;
const BEFORE_TERM_S = 8;
const AFTER_TERM_S = 6;
/** Units added to each stocked product first, so the load never runs out. */
const STOCK_ADDED = 5000;
/** Carts filled before the kill and left alone, read again after it. */
const KEPT_CARTS = 12;

const cleanups: (() => Promise<void>)[] = [];
/** The visitors running now, stopped first when the run ends early. */
let activeLoad: LoadRun | null = null;
const failures: string[] = [];
const lines: string[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

function check(ok: boolean, label: string) {
  lines.push(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
  if (!ok) failures.push(label);
}

/** A Redis database of its own (the highest empty one of 1-15), emptied again at the end. */
async function redisDatabase(): Promise<string> {
  for (let index = 15; index >= 1; index--) {
    const redis = new Redis(`${REDIS}/${index}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    // Taken with a mark, so a run beside this one passes it by until the cleanup empties it.
    if ((await redis.dbsize()) === 0 && (await redis.set("cluster-test", String(process.pid), "NX")) === "OK") {
      cleanups.push(async () => {
        await redis.flushdb();
        redis.disconnect();
      });
      return `${REDIS}/${index}`;
    }
    redis.disconnect();
  }
  throw new Error("no empty Redis database among 1-15");
}

async function staffToken(client: Client, admin: Credentials): Promise<string> {
  const login = await client.api<{ tokens: { accessToken: string } }>("staff login", api.auth.login.path, {
    json: { username: admin.email, password: admin.password },
  });
  if (!login) throw new Error("the administrator cannot log in");
  return login.tokens.accessToken;
}

/** What the load needs from the demo shop, read through the balancer; the stocked products get more stock. */
async function prepare(client: Client, token: string): Promise<Shop> {
  const must = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`setup: ${what} failed`);
    return value;
  };
  const product = async (slug: string) =>
    must(await client.api<{ id: number }>(`product ${slug}`, `${api.catalog.getProduct.path}?slug=${slug}`), `product ${slug}`).id;
  const stocked: number[] = [];
  for (const slug of STOCKED_PRODUCTS) {
    const id = await product(slug);
    must(
      await client.api("stock", api.adminCatalog.productStock.path.replace(":id", String(id)), {
        json: { delta: STOCK_ADDED },
        headers: { accessToken: token },
      }),
      "adding stock",
    );
    stocked.push(id);
  }
  const session = must(await client.api<{ cartId: number; protectCode: string }>("cart", api.cart.getNewCartSession.path), "a cart");
  const washId = await product(WASH_PRODUCT);
  must(await client.api("addItem", api.cart.addItem.path, { json: { ...session, productId: washId, qty: 1 } }), "addItem");
  const delivery = must(
    await client.api<{ methods: { id: number; options: { id: number }[] }[] }>("delivery", api.checkout.getApplicableDeliveryMethods.path, {
      json: session,
    }),
    "delivery methods",
  );
  const pickup = delivery.methods.find((m) => m.options.length > 0);
  const payments = must(
    await client.api<{ id: number; kind: string }[]>("payment", api.checkout.getApplicablePaymentMethods.path, { json: session }),
    "payment methods",
  );
  const card = payments.find((m) => m.kind === "card");
  const consents = must(
    await client.api<{ records: { id: number; required: boolean }[] }>("consents", api.consents.webFilter.path, {
      json: { assigned_to: "checkout" },
    }),
    "consents",
  );
  if (!pickup?.options[0] || !card) throw new Error("the demo shop offers no pickup or no card payment");
  // The visitors' accounts, each registered from an address of its own (login needs no confirmed address).
  const customers: Credentials[] = [];
  for (let i = 0; i < USERS; i++) {
    const name = ["Ana", "Marko", "Iva", "Luka", "Petra", "Ivan", "Maja", "Tomislav"][i % 8] ?? "Kupac";
    const customer = { email: `cluster-customer-${i}@example.hr`, password: `Cluster-${randomBytes(9).toString("base64url")}` };
    const registrant = new Client(client.origin, null, `198.51.100.${100 + i}`);
    const registered = await registrant.api("register", api.user.register.path, {
      json: { details: { firstName: name, lastName: "Horvat" }, email: customer.email, password: customer.password },
    });
    must(registered, `registering a customer (${registrant.lastFailure})`);
    customers.push(customer);
  }
  return {
    washId,
    stocked,
    pickup: { deliveryMethodId: pickup.id, branchId: pickup.options[0].id },
    cardMethodId: card.id,
    consents: consents.records.filter((c) => c.required).map((c) => c.id),
    customers,
  };
}

/** Logs in on the storefront's form at this origin: the visitor's cookies. */
async function storefrontLogin(client: Client, customer: Credentials): Promise<CookieJar> {
  const jar = new CookieJar();
  const answer = await client.send("login", localizedPath("login", DEFAULT_LOCALE), {
    form: { username: customer.email, password: customer.password },
    jar,
    ok: [302, 303],
  });
  if (!answer) throw new Error("the customer cannot log in on the storefront");
  return jar;
}

/** The profile page with these cookies: the session holds when it answers 200 with the customer's address. */
async function sessionHolds(client: Client, jar: CookieJar, customer: Credentials): Promise<boolean> {
  const page = await client.send("profile", localizedPath("profile", DEFAULT_LOCALE), { jar, ok: [200, 302, 303] });
  return page?.status === 200 && page.text.includes(customer.email);
}

async function main() {
  const started = Date.now();
  const database = await freshDatabase(DATABASE, `cluster_${randomBytes(4).toString("hex")}`);
  cleanups.push(() => database.drop());
  const redisUrl = await redisDatabase();
  const [lbPort, statsPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL: lbUrl,
    SECRET: randomBytes(32).toString("base64url"),
    // Monri's emulator: besides the browser's return through the balancer it sends a callback, so two
    // instances settle the same payment at once.
    PAYMENT_PROVIDER: "monri",
    // The visitors' own addresses, as a front proxy would tell them, then HAProxy's hop.
    TRUST_PROXY: "2",
  };
  const launch = async (port: number, seeded?: { admin: Credentials; customer: Credentials }): Promise<ShopProcess> => {
    const shop = await startShop({ port, env, seeded });
    cleanups.push(() => shop.stop());
    return shop;
  };

  say(`Cluster: PostgreSQL ${new URL(database.url).pathname.slice(1)}, Redis ${redisUrl}, HAProxy on ${lbUrl}, ${USERS} visitors.`);
  const first = await launch(portA);
  const seeded = { admin: first.admin, customer: first.customer };
  const second = await launch(portB, seeded);
  const balancer = await startHaproxy(
    lbPort,
    statsPort,
    [
      { name: "a", port: portA },
      { name: "b", port: portB },
    ],
    { name: "b", port: portB },
  );
  cleanups.push(() => balancer.stop());
  await balancer.waitFor("a", "UP");
  await balancer.waitFor("b", "UP");
  say(`  instances a :${portA} (seeded) and b :${portB} up after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const setupClient = new Client(lbUrl, null, "198.51.100.1");
  const token = await staffToken(setupClient, first.admin);
  const shop = await prepare(setupClient, token);
  const stockBefore = await stockOf(database.url, shop.stocked);

  // Carts filled now through the balancer (a, which dies, takes its share) and not touched again until the checks.
  const kept: { cartId: number; protectCode: string }[] = [];
  for (let i = 0; i < KEPT_CARTS; i++) {
    const client = new Client(lbUrl, null, `198.51.100.${10 + i}`);
    const session = await client.api<{ cartId: number; protectCode: string }>("cart", api.cart.getNewCartSession.path);
    if (!session || !(await client.api("addItem", api.cart.addItem.path, { json: { ...session, productId: shop.washId, qty: 2 } }))) {
      throw new Error("setup: a kept cart failed");
    }
    kept.push(session);
  }
  // A session made on a, the instance that will die.
  const onFirst = new Client(first.baseUrl, null, "198.51.100.40");
  const firstJar = await storefrontLogin(onFirst, first.customer);
  check(await sessionHolds(onFirst, firstJar, first.customer), "a storefront session made on instance a holds there");

  // Phase 1 and 2: load, the kill, load on.
  const recorder = new Recorder();
  const placed: PlacedOrder[] = [];
  const clientFor = (address: string) => new Client(lbUrl, recorder, address);
  const loadStart = Date.now();
  let load = startLoad(USERS, clientFor, shop, placed);
  activeLoad = load;
  await sleep(BEFORE_KILL_S * 1000);
  const killAt = Date.now();
  await first.signal("SIGKILL");
  say(`  a killed (SIGKILL) after ${BEFORE_KILL_S} s of load`);
  await balancer.waitFor("a", "DOWN", 5_000);
  await sleep(AFTER_KILL_S * 1000 - (Date.now() - killAt));
  await load.stop();
  const killEnd = Date.now();

  // b alone holds what a made: the session.
  const onSecond = new Client(second.baseUrl, null, "198.51.100.41");
  check(await sessionHolds(onSecond, firstJar, first.customer), "a storefront session made on the killed instance a holds on b");

  // a again, on its port; then phase 3: load, a restarted with SIGTERM, load on.
  let replacement = await launch(portA, seeded);
  await balancer.waitFor("a", "UP");
  say("  a replaced; load again, then a restarted with SIGTERM");
  const termStart = Date.now();
  load = startLoad(USERS, clientFor, shop, placed);
  activeLoad = load;
  await sleep(BEFORE_TERM_S * 1000);
  const termAt = Date.now();
  const code = await replacement.signal("SIGTERM");
  check(code === 0, `the instance stopped by SIGTERM under load exited 0 (${code})`);
  replacement = await launch(portA, seeded);
  await balancer.waitFor("a", "UP");
  await sleep(AFTER_TERM_S * 1000);
  await load.stop();
  const termEnd = Date.now();

  // The checks across both instances, directly.
  const a = new Client(replacement.baseUrl, null, "198.51.100.50");
  const b = new Client(second.baseUrl, null, "198.51.100.50");
  await checkCarts(new Client(lbUrl, null, "198.51.100.60"), kept);
  await checkRateLimit(a, b);
  await checkContentChange(a, b, await staffToken(a, first.admin));
  await checkMedia(a, b, await staffToken(b, first.admin));
  const orders = await checkOrders(database.url, placed, shop.stocked, stockBefore);

  // Figures.
  // A request in flight at the kill is the kill's: its instance died under it, and only a request that
  // never reached an instance is sent again by the balancer.
  const endedBeforeKill = (s: Sample) => s.startedAt + s.ms < killAt;
  const before = recorder.between(loadStart, killAt).filter(endedBeforeKill);
  const during = recorder.between(loadStart, killEnd).filter((s) => !endedBeforeKill(s));
  const draining = recorder.between(termStart, termEnd);
  const failed = (samples: typeof before) => samples.filter((s) => s.failed);
  const rate = (samples: typeof before) => (samples.length ? (100 * failed(samples).length) / samples.length : 0).toFixed(2);
  check(failed(before).length === 0, `no failed request before the kill (${failed(before).length} of ${before.length})`);
  check(
    failed(draining).length === 0,
    `no failed request while an instance was restarted with SIGTERM (${failed(draining).length} of ${draining.length}, SIGTERM at +${((termAt - termStart) / 1000).toFixed(1)} s)`,
  );
  check(placed.length > 0 && orders.paid > 0, "the load placed and paid orders");
  const firstFailures = [...failed(during), ...failed(draining), ...failed(before)].slice(0, 5);
  say("");
  say(`Requests sent: ${recorder.samples.length}`);
  say(`Errors during the kill: ${failed(during).length} of ${during.length} (${rate(during)} %)`);
  say(`Errors during the SIGTERM restart: ${failed(draining).length} of ${draining.length} (${rate(draining)} %)`);
  for (const s of firstFailures) say(`  e.g. ${s.what}: ${s.detail}`);
  say(`Orders placed: ${new Set(placed.map((o) => o.slug)).size}`);
  say(`Orders found: ${orders.found}`);
  say(`Payments accepted by the provider: ${placed.filter((o) => o.accepted).length}; settled: ${orders.paid}`);
  say(`p99 latency: before the kill ${p99(before)} ms, during the kill ${p99(during)} ms, during the SIGTERM restart ${p99(draining)} ms`);
  say(`Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  say("\nChecks");
  for (const line of lines) say(line);
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function stockOf(url: string, ids: number[]): Promise<Map<number, number>> {
  const rows = await query<{ id: number; stock: number }>(url, "SELECT id, stock FROM products WHERE id = ANY($1)", [ids]);
  return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
}

/**
 * No order lost or doubled, every accepted payment settled once, every order holding what its visitor
 * put in the cart, stock taken exactly for what the orders hold.
 */
async function checkOrders(url: string, placed: PlacedOrder[], stocked: number[], stockBefore: Map<number, number>) {
  const slugs = [...new Set(placed.map((o) => o.slug))];
  check(slugs.length === placed.length, `no order number came back to two checkouts (${placed.length} answers, ${slugs.length} numbers)`);
  const rows = await query<{ id: number; code: string; payment_status: string }>(
    url,
    "SELECT id, code, payment_status FROM orders WHERE email = $1",
    [LOAD_EMAIL],
  );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const found = slugs.filter((slug) => byCode.has(slug)).length;
  check(found === slugs.length, `every order number the visitors got exists (${found} of ${slugs.length})`);
  check(rows.length === slugs.length, `no order the visitors were not told of (${rows.length} in the database, ${slugs.length} told)`);

  const accepted = placed.filter((o) => o.accepted);
  const settled = await query<{ order_id: number; attempts: string; moves: string }>(
    url,
    `SELECT o.id AS order_id,
       (SELECT count(*) FROM payment_attempts p WHERE p.order_id = o.id AND p.status = 'paid') AS attempts,
       (SELECT count(*) FROM order_history h WHERE h.order_id = o.id AND h.axis = 'payment' AND h.to_status = 'paid') AS moves
     FROM orders o WHERE o.code = ANY($1)`,
    [accepted.map((o) => o.slug)],
  );
  const once = settled.filter((r) => Number(r.attempts) === 1 && Number(r.moves) === 1).length;
  const paid = accepted.filter((o) => byCode.get(o.slug)?.payment_status === "paid").length;
  check(
    paid === accepted.length && once === accepted.length,
    `every payment the provider accepted is settled, once (${paid} paid, ${once} settled once, of ${accepted.length})`,
  );

  // A cart write in flight at the kill may have been carried out unanswered, and the visitor presses
  // again: under its Idempotency-Key it is made once, so no order may differ.
  const orderLines = await query<{ code: string; product_id: number; units: string }>(
    url,
    "SELECT o.code, l.product_id, sum(l.qty) AS units FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.email = $1 GROUP BY o.code, l.product_id",
    [LOAD_EMAIL],
  );
  const held = new Map<string, Map<number, number>>();
  for (const line of orderLines) held.set(line.code, (held.get(line.code) ?? new Map()).set(Number(line.product_id), Number(line.units)));
  const differs = placed.filter((o) => {
    const inDb = held.get(o.slug) ?? new Map<number, number>();
    return inDb.size !== o.units.size || [...o.units].some(([id, qty]) => inDb.get(id) !== qty);
  });
  check(differs.length === 0, `every order holds exactly what its visitor put in the cart (${differs.length} of ${placed.length} differ)`);

  const after = await stockOf(url, stocked);
  const ordered = await query<{ product_id: number; units: string }>(
    url,
    "SELECT l.product_id, sum(l.qty) AS units FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = ANY($1) AND o.status <> 'cancelled' GROUP BY l.product_id",
    [stocked],
  );
  for (const id of stocked) {
    const inDb = Number(ordered.find((r) => Number(r.product_id) === id)?.units ?? 0);
    const taken = (stockBefore.get(id) ?? 0) - (after.get(id) ?? 0);
    check(taken === inDb, `product ${id}: stock went down by what the orders hold (taken ${taken}, in orders ${inDb})`);
  }
  return { found, paid };
}

/** The carts filled before the kill still hold their lines. */
async function checkCarts(client: Client, kept: { cartId: number; protectCode: string }[]) {
  let whole = 0;
  for (const session of kept) {
    const cart = await client.api<{ items: { qty: number }[] }>("getCart", api.cart.getCart.path, { json: session });
    if (cart?.items.length === 1 && cart.items[0]?.qty === 2) whole++;
  }
  check(whole === kept.length, `the carts filled before the kill still hold their lines (${whole} of ${kept.length})`);
}

/** New carts from one address, alternately on each instance: refused after the one shared limit. */
async function checkRateLimit(a: Client, b: Client) {
  const address = "198.51.100.70";
  a.address = address;
  b.address = address;
  let allowed = 0;
  let refusedAt = 0;
  for (let i = 1; i <= NEW_SESSION_LIMIT.perIp * 2 + 1 && refusedAt === 0; i++) {
    const answer = await (i % 2 ? a : b).send("rate limit", `/api${api.cart.getNewCartSession.path}`, { ok: [200, 429] });
    if (answer?.status === 200) allowed++;
    else if (answer?.status === 429) refusedAt = i;
  }
  check(
    allowed === NEW_SESSION_LIMIT.perIp && refusedAt === NEW_SESSION_LIMIT.perIp + 1,
    `a limit hit alternately on both instances refuses at the shared limit (${allowed} allowed, refused at ${refusedAt}, limit ${NEW_SESSION_LIMIT.perIp})`,
  );
}

/**
 * A change made on a shows on b's cached home page (pages carry no ETag: the cache entry is dropped). The change reaches b through
 * Redis's channel a moment after a has answered, so b is asked a few times within a second.
 */
async function checkContentChange(a: Client, b: Client, token: string) {
  a.address = "198.51.100.80";
  b.address = "198.51.100.80";
  await b.send("home", "/");
  const cached = await b.send("home", "/");
  const text = `© Autopraonica cluster ${randomBytes(3).toString("hex")}`;
  const saved = await a.api("option", api.settings.setOption.path.replace(":key", "CopyrightText"), {
    method: api.settings.setOption.method,
    json: { value: text },
    headers: { accessToken: token },
  });
  const changedAt = Date.now();
  let fresh = await b.send("home", "/");
  while (!fresh?.text.includes(text) && Date.now() - changedAt < 1000) {
    await sleep(20);
    fresh = await b.send("home", "/");
  }
  const lag = Date.now() - changedAt;
  check(
    cached?.headers.get("x-page-cache") === "hit" && saved !== null && fresh?.text.includes(text) === true,
    `a content change made on a shows on b's cached page (before: ${cached?.headers.get("x-page-cache")}, after ${lag} ms: ${fresh?.headers.get("x-page-cache")})`,
  );
}

const mediaPath = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return parsed.pathname + parsed.search;
};

/** An image uploaded on b is served by both instances. */
async function checkMedia(a: Client, b: Client, token: string) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "cluster.png");
  form.append("customData", JSON.stringify({ title: "Cluster" }));
  const res = await fetch(`${b.origin}/api${api.media.upload.path}`, {
    method: "POST",
    headers: { apiKey: DEMO_API_KEY, accessToken: token },
    body: form,
  });
  const body = (await res.json()) as { data?: { records?: { url: string | null }[] } };
  const url = body.data?.records?.[0]?.url;
  const served = url ? await Promise.all([a, b].map((client) => client.send("media", mediaPath(url)))) : [];
  const sizes = served.map((answer) => (answer ? answer.headers.get("content-type") : null));
  check(
    res.status === 200 && served.length === 2 && served.every((answer) => answer?.status === 200),
    `an image uploaded on b is served by a and b (upload ${res.status}, ${sizes.join(", ") || "no URL"})`,
  );
}

/** Last made, first undone: the balancer and the shops before their database and Redis. */
async function cleanup() {
  await activeLoad?.stop().catch(() => undefined);
  for (const stop of cleanups.splice(0).reverse()) await stop().catch((err: unknown) => say(`cleanup: ${String(err)}`));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

try {
  await main();
  if (failures.length > 0) {
    process.exitCode = 1;
    process.stderr.write(`\ncluster test failed: ${failures.length} check(s)\n`);
  } else {
    say("\nAll checks passed.");
  }
} catch (err) {
  process.exitCode = 1;
  process.stderr.write(`cluster test failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
} finally {
  await cleanup();
}
