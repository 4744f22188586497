import type { CommentList, EventView, Paged, PostView } from "@shop/contracts";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { useJourney } from "./support/fixtures.ts";
import { submitLogin } from "./support/login.ts";
import { apiCall as api, apiLogin, type ShopProcess } from "./support/server.ts";

describe("event page", () => {
  const j = useJourney({ context: { viewport: { width: 1280, height: 900 } } });

  it("a visitor opens an upcoming event and sees when, where and what, with Event structured data", async () => {
    const { page, shop } = j;
    const events = await api<Paged<EventView>>(shop, "POST", "/v1/event/public/filter", { limit: 1 });
    const event = events.records[0];
    if (!event) throw new Error("the demo has no published event");

    const res = await page.goto(`/dogadjaj/${event.id}`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: event.title }));
    expect(await page.title()).toBe(event.title);
    const facts = page.locator(".event-facts");
    expect(await facts.locator("dt").allTextContents()).toEqual(["Kada", "Gdje"]);
    const when = facts.locator("time");
    expect(await when.getAttribute("datetime")).toBe(event.startsAt);
    // Croatian long date with the month in the genitive, e.g. "6. prosinca 2026."
    expect(await when.textContent()).toMatch(/\d{1,2}\. \p{L}+ \d{4}\..*\d{2}:\d{2}/u);
    expect(await facts.textContent()).toContain(event.location.name);
    expect(await facts.textContent()).toContain(event.location.address);
    if (event.image) expect(await page.locator(".event-page__figure img").getAttribute("alt")).toBe(event.image.alt);
    expect(await page.locator(".event-page__description").textContent()).toContain(
      event.description
        .replace(/<[^>]*>/g, " ")
        .trim()
        .split(/\s+/)
        .slice(0, 4)
        .join(" "),
    );
    expect(await page.getByRole("link", { name: "Natrag na početnu stranicu" }).getAttribute("href")).toBe("/");

    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
    const structured = jsonLd.find((d) => d["@type"] === "Event");
    expect(structured).toMatchObject({
      "@context": "https://schema.org",
      name: event.title,
      startDate: event.startsAt,
      endDate: event.endsAt,
      location: { "@type": "Place", name: event.location.name },
    });
    expect(j.consoleErrors).toEqual([]);
  });

  it("shows the same event in English and German under their own paths", async () => {
    const { page, shop } = j;
    const [event] = (await api<Paged<EventView>>(shop, "POST", "/v1/event/public/filter", { limit: 1 }, undefined, "en")).records;
    if (!event) throw new Error("the demo has no published event");
    await page.goto(`/en/event/${event.id}`, { waitUntil: "networkidle" });
    await visible(page.getByRole("heading", { level: 1, name: event.title }));
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator(".event-facts dt").allTextContents()).toEqual(["When", "Where"]);
    await page.goto(`/de/Veranstaltung/${event.id}`, { waitUntil: "networkidle" });
    expect(await page.locator(".event-facts dt").allTextContents()).toEqual(["Wann", "Wo"]);
  });

  it("answers unknown and malformed event ids with the 404 page", async () => {
    const { page } = j;
    for (const path of ["/dogadjaj/987654", "/dogadjaj/nije-broj"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await visible(page.getByRole("heading", { name: "Stranica nije pronađena" }));
    }
  });
});

describe("comments on a post", () => {
  const j = useJourney({ context: { viewport: { width: 360, height: 780 } } });

  /**
   * A post of its own (through the platform's post/create), so the demo customer has not commented
   * on it yet: the demo's OneUserOneComment allows one comment per post and user.
   */
  async function freshPost(shop: ShopProcess): Promise<PostView> {
    const adminToken = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    const slug = `e2e-komentari-${Date.now()}`;
    return api<PostView>(
      shop,
      "POST",
      "/v1/post/create",
      {
        postType: "post",
        status: "published",
        translations: [{ language: "hr", slug, title: "Objava za komentare", body: "<p>Što mislite o novom programu pranja?</p>" }],
      },
      adminToken,
    );
  }

  it("a visitor is asked to log in; after logging in the customer's comment shows as awaiting approval, for them only", async () => {
    const { page, shop } = j;
    const post = await freshPost(shop);
    const postPath = `/${post.slug}`;

    await page.goto(postPath, { waitUntil: "networkidle" });
    await visible(page.getByRole("heading", { name: /Komentari/ }));
    await visible(page.getByText("Još nema komentara. Budite prvi!"));
    expect(await page.getByRole("textbox", { name: "Vaš komentar" }).count()).toBe(0);
    const login = page.getByRole("link", { name: "Prijavite se za komentiranje" });
    expect(await login.getAttribute("href")).toBe(`/prijava?redirect=${encodeURIComponent(postPath)}`);
    await login.click();
    await waitForPath(page, (p) => p === "/prijava");
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p === postPath);

    // An empty comment is refused in the browser, with a translated message tied to the field.
    const field = await visible(page.getByRole("textbox", { name: "Vaš komentar" }));
    await page.getByRole("button", { name: "Objavi komentar" }).click();
    const error = await visible(page.locator("#comments").getByRole("alert"));
    expect(await error.textContent()).toBe("Unos ovog polja je obavezan");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.getAttribute("aria-describedby")).toContain(await error.getAttribute("id"));

    const text = "Jedva čekam isprobati! <b>Ovo</b> nije HTML.";
    await field.fill(text);
    await page.getByRole("button", { name: "Objavi komentar" }).click();
    await visible(page.getByText("Hvala! Vaš komentar čeka odobrenje administratora."));
    const mine = page.locator(".comment", { hasText: "Jedva čekam isprobati!" });
    await visible(mine);
    expect(await mine.locator(".comment__content").textContent()).toBe(text);
    expect(await mine.locator("b").count()).toBe(0);
    await visible(mine.getByText("Čeka odobrenje", { exact: true }));
    await visible(mine.getByText("Marko", { exact: true }));
    // One comment per user: the form is gone, the reason is given.
    await visible(page.getByText("Već ste komentirali ovu objavu."));
    expect(pathOf(page)).toBe(postPath);

    // Pending comments are the author's: another visitor does not see it.
    const visitor = await (await j.newContext()).newPage();
    await visitor.goto(postPath, { waitUntil: "networkidle" });
    await visible(visitor.getByText("Još nema komentara. Budite prvi!"));
    expect(await visitor.getByText("Jedva čekam isprobati!").count()).toBe(0);

    // Approved by staff, it is public.
    const adminToken = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    const staffView = await api<CommentList>(shop, "POST", "/v1/comment/filterStandard", { post_id: post.id }, adminToken);
    const pending = staffView.records.find((c) => c.content === text);
    expect(pending?.published).toBe(false);
    await api(shop, "PATCH", `/v1/comment/update/${pending?.id}`, { published: true }, adminToken);
    await visitor.goto(postPath, { waitUntil: "networkidle" });
    await visible(visitor.getByText("Jedva čekam isprobati!"));
    expect(await visitor.getByText("Čeka odobrenje").count()).toBe(0);
    expect(j.consoleErrors).toEqual([]);
  });

  it("without JavaScript the comment form still posts and reports errors from the server", async () => {
    const { shop } = j;
    const post = await freshPost(shop);
    const context = await j.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto("/prijava", { waitUntil: "load" });
    await submitLogin(page, shop.customer.email, shop.customer.password);
    await waitForPath(page, (p) => p === "/");
    await page.goto(`/${post.slug}`, { waitUntil: "load" });
    await page.getByRole("button", { name: "Objavi komentar" }).click();
    await waitForPath(page, (p) => p === `/${post.slug}`);
    expect(new URL(page.url()).searchParams.get("commentError")).toBe("validation.required");
    expect(await page.locator("#comments").getByRole("alert").textContent()).toBe("Unos ovog polja je obavezan");
    await page.getByRole("textbox", { name: "Vaš komentar" }).fill("Bez JavaScripta, a radi.");
    await page.getByRole("button", { name: "Objavi komentar" }).click();
    await visible(page.getByText("Hvala! Vaš komentar čeka odobrenje administratora."));
    await visible(page.locator(".comment--pending", { hasText: "Bez JavaScripta, a radi." }));
  });
});
