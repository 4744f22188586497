import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { htmlProblems } from "./html-validity.test-support.ts";
import { CookieJar, useTestShop } from "./testing.ts";

/**
 * A guard for valid HTML that runs in Node (the Nu checker needs Java): html-validate's recommended
 * preset over the page types the accessibility journeys visit. Any error fails.
 */
const PAGES = [
  "/",
  "/en",
  "/de",
  "/shop",
  "/shop/njega-vozila",
  "/en/shop",
  "/product/auto-sampon",
  "/product/paket-njege",
  "/kontakt",
  "/pretraga",
  "/pretraga?search=pranje&category=posts",
  "/newsletter",
  "/objave",
  "/objave/savjeti",
  "/prijava",
  "/registracija",
  "/zaboravljena-lozinka",
  // Social login's callback without its cookie: the page that says the login expired.
  "/social-login",
  "/stranica-koje-nema",
  "/checkout/failure",
  "/naplata/uspjesna?orderSlug=AAAAAAAAAAAAAAAA",
];

const shop = useTestShop();

async function problems(path: string, jar?: CookieJar): Promise<string[]> {
  const res = await shop.get(path, jar);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return htmlProblems(await res.text(), path);
}

describe("valid HTML (html-validate, recommended)", () => {
  it.each(PAGES)("%s has no errors", async (path) => {
    expect(await problems(path)).toEqual([]);
  });

  it("the cart with a line has no errors", async () => {
    const jar = new CookieJar();
    const product = await shop.app.request("/api/v1/product/web/get?slug=poklon-bon-20", { headers: { apiKey: DEMO_API_KEY } });
    const { id } = ((await product.json()) as { data: { id: number } }).data;
    expect((await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(id) }, jar)).status).toBe(200);
    expect(await problems("/kosarica", jar)).toEqual([]);
  });

  it("each checkout step, with its errors, and the success page have no errors", async () => {
    const jar = new CookieJar();
    const product = await shop.app.request("/api/v1/product/web/get?slug=sredstvo-za-stakla", { headers: { apiKey: DEMO_API_KEY } });
    const { id } = ((await product.json()) as { data: { id: number } }).data;
    await shop.postForm("/cart/action", { js: "1", locale: "hr", intent: "add", productId: String(id) }, jar);
    const address = await (await shop.get("/naplata", jar)).text();
    const consents = Object.fromEntries([...address.matchAll(/name="(consent\.\d+)"/g)].map((m) => [m[1] as string, "on"]));
    expect(await problems("/naplata", jar)).toEqual([]);
    const refused = await shop.postForm("/naplata?step=address", { step: "address", companyPurchase: "1", "company.oib": "1" }, jar);
    expect(await htmlProblems(await refused.text(), "/naplata (refused)")).toEqual([]);
    const guest = {
      "delivery.firstName": "Ivana",
      "delivery.lastName": "Babić",
      "delivery.contactEmail": "ivana@example.hr",
      "delivery.contactPhone": "091 555 0101",
      "delivery.street": "Ilica",
      "delivery.houseNumber": "1",
      "delivery.zipCode": "10000",
      "delivery.city": "Zagreb",
      "delivery.country": "HR",
    };
    await shop.postForm("/naplata?step=address", { step: "address", ...guest, ...consents }, jar);
    const shipping = await (await shop.get("/naplata?step=shipping", jar)).text();
    expect(await htmlProblems(shipping, "/naplata?step=shipping")).toEqual([]);
    const pickup = /name="deliveryMethodId" value="(\d+)"/.exec(shipping)?.[1] ?? "";
    const noBranch = await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: pickup }, jar);
    expect(await htmlProblems(await noBranch.text(), "/naplata?step=shipping (refused)")).toEqual([]);
    const branch = new RegExp(`name="branch\\.${pickup}" value="(\\d+)"`).exec(shipping)?.[1] ?? "";
    await shop.postForm("/naplata?step=shipping", { step: "shipping", deliveryMethodId: pickup, [`branch.${pickup}`]: branch }, jar);
    const payment = await (await shop.get("/naplata?step=payment", jar)).text();
    expect(await htmlProblems(payment, "/naplata?step=payment")).toEqual([]);
    const field = (name: string) => (new RegExp(`name="${name}" value="([^"]*)"`).exec(payment)?.[1] ?? "").replace(/&quot;/g, '"');
    const transfer =
      /name="paymentMethodId" value="(\d+)"[^>]*\/><label[^>]*><span class="choice__name">Virmansko/.exec(payment)?.[1] ?? "";
    const placed = await shop.postForm(
      "/naplata?step=payment",
      { step: "payment", seen: field("seen"), savedPaymentMethodId: "", paymentMethodId: transfer, ...consents },
      jar,
    );
    expect(placed.status).toBe(303);
    expect(await problems(placed.headers.get("location") ?? "", jar)).toEqual([]);
  });

  it("the profile, with a refused form, an address and the orders pages of a customer have no errors", async () => {
    const customer = shop.seeded?.customer;
    if (!customer) throw new Error("demo not seeded");
    const jar = new CookieJar();
    await shop.postForm("/prijava", { username: customer.email, password: customer.password }, jar);
    const address = { "address.firstName": "Ivana", "address.lastName": "Babić", "address.contactEmail": "ivana@example.hr" };
    const refused = await shop.postForm("/profil/adresa", address, jar);
    expect(await htmlProblems(await refused.text(), "/profil/adresa (refused)")).toEqual([]);
    const full = { ...address, "address.contactPhone": "091", "address.street": "Ilica", "address.houseNumber": "1" };
    await shop.postForm("/profil/adresa", { ...full, "address.zipCode": "10000", "address.city": "Zagreb", "address.country": "HR" }, jar);
    const password = await shop.postForm("/profil", { intent: "password", oldPassword: "x", newPassword: "y" }, jar);
    expect(await htmlProblems(await password.text(), "/profil (refused)")).toEqual([]);
    const deletion = await shop.postForm("/profil", { intent: "deleteAccount", password: "x" }, jar);
    expect(await htmlProblems(await deletion.text(), "/profil (account deletion refused)")).toEqual([]);
    for (const path of ["/profil", "/profil/adresa", "/profil/narudzbe"]) expect(await problems(path, jar)).toEqual([]);
  });
});
