import { type EditablePage, pathOf as fillPath, type MasterView } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { DEMO_API_KEY } from "@shop/db/seed/demo.ts";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pathOf, visible, waitForPath } from "./support/assert.ts";
import { seriousViolations } from "./support/axe.ts";
import { useJourney } from "./support/fixtures.ts";
import { apiCall, apiLogin } from "./support/server.ts";
import { useSmtpInbox } from "./support/smtp.ts";
import { inviteStaff, logInAsStaff } from "./support/staff.ts";

const { env, waitForMail } = useSmtpInbox();

const TOOLBAR = "Alati za uređivanje stranice";

/** Issue 13: edit mode on the live page, with the page cache on (the default). */
describe("edit mode on the live page", () => {
  const j = useJourney({ env });

  async function staffPage(viewport?: { width: number; height: number }, email = j.shop.admin.email, password = j.shop.admin.password) {
    const context = await j.newContext(viewport ? { viewport } : {});
    // The cookie banner answered, so it covers none of the page.
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: j.shop.baseUrl }]);
    const page = await context.newPage();
    await logInAsStaff(page, email, password);
    return page;
  }

  async function openEditor(page: Page, path: string) {
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}editPage=true`);
    // The toolbar speaks the page's language.
    await visible(page.locator(".editor-toolbar"));
  }

  /** Selects the page's hero (its first block) and puts `text` in place of its title. */
  async function retitleHero(page: Page, text: string) {
    await page.getByRole("group", { name: /\(blok 1\)|\(block 1\)/ }).click();
    const title = page.getByRole("textbox", { name: /^(Naslov|Title)$/ }).first();
    await visible(title);
    // Selecting a block changes nothing: no unsaved-changes badge (nor a warning on leaving).
    expect(await page.locator(".editor-badge--unsaved").count()).toBe(0);
    await title.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(text);
    await expect.poll(() => title.textContent()).toBe(text);
  }

  const heroTitle = (page: Page) => page.locator(".hero__title").first().textContent();

  it("staff change the Croatian home hero, preview it at phone width, publish; a visitor sees it; a rollback brings the earlier revision back", async () => {
    const { page: visitor } = j;
    await visitor.goto("/");
    const before = await heroTitle(visitor);
    const staff = await staffPage();
    const first = `Sjaj bez ogrebotina, uređeno ${Date.now()}`;

    const started = Date.now();
    await openEditor(staff, "/");
    await retitleHero(staff, first);
    await staff.getByRole("button", { name: "Pregled na mobitelu" }).click();
    const preview = staff.getByRole("dialog", { name: "Pregled na mobitelu" });
    const frame = preview.locator("iframe");
    await visible(frame);
    expect(await frame.evaluate((f) => (f as HTMLIFrameElement).clientWidth)).toBe(360);
    // The phone frame shows the saved draft, without the editor.
    await visible(staff.frameLocator("iframe").getByRole("heading", { name: first }));
    expect(await staff.frameLocator("iframe").getByRole("region", { name: TOOLBAR }).count()).toBe(0);
    await preview.getByRole("button", { name: "Zatvori" }).click();
    // A draft is the staff's only: the visitor still sees the published page.
    await visitor.reload();
    expect(await heroTitle(visitor)).toBe(before);

    await staff.getByRole("button", { name: "Objavi" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Objavljeno" }));
    await visitor.reload();
    expect(await heroTitle(visitor)).toBe(first);
    const seconds = (Date.now() - started) / 1000;
    console.log(`editor journey: opening the page in edit mode to the visitor seeing the change took ${seconds.toFixed(1)} s`);

    // A second publish, then back to the first one's revision.
    const second = `Drugi naslov ${Date.now()}`;
    await retitleHero(staff, second);
    await staff.getByRole("button", { name: "Objavi" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Objavljeno" }));
    await visitor.reload();
    expect(await heroTitle(visitor)).toBe(second);

    await staff.getByRole("button", { name: "Revizije" }).click();
    const revisions = staff.getByRole("dialog", { name: "Revizije stranice" });
    // Newest first: the second item is the first publish.
    await revisions.getByRole("listitem").nth(1).getByRole("button").click();
    await visible(revisions.getByRole("heading", { name: first }));
    await revisions.getByRole("button", { name: "Vrati ovu reviziju" }).click();
    await revisions.getByRole("button", { name: "Vrati i objavi" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Revizija je vraćena" }));
    await visitor.reload();
    expect(await heroTitle(visitor)).toBe(first);
  });

  it("staff add an image-and-text block with a picture uploaded in the media modal; once published a visitor sees the picture", async () => {
    const { page: visitor } = j;
    const staff = await staffPage();
    await openEditor(staff, "/kontakt");
    await staff.getByRole("region", { name: TOOLBAR }).getByRole("button", { name: "Dodaj blok" }).click();
    await staff.getByRole("dialog", { name: "Dodaj blok" }).getByRole("button", { name: "Slika i tekst" }).click();
    // The new block is selected: its panel offers the image.
    await staff.getByRole("button", { name: "Promijeni sliku" }).click();
    const media = staff.getByRole("dialog", { name: "Medijateka" });
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1a7f37" } })
      .png()
      .toBuffer();
    await media.locator('input[type="file"]').setInputFiles({ name: "nova-praonica.png", mimeType: "image/png", buffer: picture });
    // The uploaded picture is chosen at once.
    const use = media.getByRole("button", { name: "Koristi sliku" });
    await expect.poll(() => use.isEnabled(), { timeout: 20_000 }).toBe(true);
    const alt = `Nova praonica ${Date.now()}`;
    await media.getByLabel("Alternativni tekst za ovu stranicu").fill(alt);
    await use.click();
    await staff.getByRole("button", { name: "Objavi" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Objavljeno" }));

    await visitor.goto("/kontakt");
    const image = visitor.getByRole("img", { name: alt });
    await visible(image);
    const src = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(src).toMatch(/\/media\//);
    expect((await visitor.request.get(src)).status()).toBe(200);
  });

  it("a page's slug changed in edit mode (SPEC §5 rules) moves it to its new address, and the old one redirects there", async () => {
    const { page: visitor } = j;
    const staff = await staffPage();
    await openEditor(staff, "/cjenik");
    await staff.getByRole("button", { name: "Naslov i adresa" }).click();
    const settings = staff.getByRole("dialog", { name: "Naslov i adresa stranice" });
    const slug = settings.getByLabel("Slug (adresa stranice)");
    await slug.fill("cj");
    await settings.getByRole("button", { name: "Primijeni" }).click();
    await visible(settings.getByText("Slug je kratak (minimum 4 znaka)!"));
    await slug.fill("cjenik-pranja");
    await settings.getByRole("button", { name: "Primijeni" }).click();
    await staff.getByRole("button", { name: "Objavi" }).click();
    await waitForPath(staff, (path) => path === "/cjenik-pranja");
    await visible(staff.getByRole("status").filter({ hasText: "Objavljeno" }));

    const answer = await visitor.goto("/cjenik");
    expect(answer?.request().redirectedFrom()?.url()).toMatch(/\/cjenik$/);
    expect(pathOf(visitor)).toBe("/cjenik-pranja");
  });

  it("the English page is edited in English and the Croatian one stays as it was", async () => {
    const { page: visitor } = j;
    await visitor.goto("/");
    const croatian = await heroTitle(visitor);
    const staff = await staffPage();
    const english = `Shine without scratches ${Date.now()}`;
    await openEditor(staff, "/en");
    await retitleHero(staff, english);
    await staff.getByRole("button", { name: "Publish" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Published" }));
    await visitor.goto("/en");
    expect(await heroTitle(visitor)).toBe(english);
    await visitor.goto("/");
    expect(await heroTitle(visitor)).toBe(croatian);
    // A visitor asking for edit mode gets the page as everyone sees it.
    await visitor.goto("/en?editPage=true");
    expect(await heroTitle(visitor)).toBe(english);
    expect(await visitor.locator(".editor-toolbar").count()).toBe(0);
  });

  it("two staff open the same page: the second is told who holds it and can take over; the first is then told", async () => {
    const email = `urednica-${Date.now()}@example.hr`;
    await inviteStaff(
      j.shop,
      waitForMail,
      { email, firstName: "Ema", lastName: "Urednica", language: "hr", scopes: ["content"] },
      "Urednica-2024!",
    );
    const first = await staffPage();
    await openEditor(first, "/kontakt");
    await first.locator(".editor-toolbar button:not([disabled])", { hasText: "Dodaj blok" }).waitFor();
    const second = await staffPage(undefined, email, "Urednica-2024!");
    await openEditor(second, "/kontakt");
    const banner = second.getByRole("alert").filter({ hasText: "upravo uređuje" });
    await visible(banner);
    expect(await second.getByRole("button", { name: "Objavi" }).isDisabled()).toBe(true);

    await banner.getByRole("button", { name: "Preuzmi uređivanje" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await second.getByRole("button", { name: "Dodaj blok" }).isEnabled()).toBe(true);
    // The first editor's next save is refused, naming who took over; editing stops.
    await first.getByRole("button", { name: "Dodaj blok" }).click();
    await first.getByRole("dialog", { name: "Dodaj blok" }).getByRole("button", { name: "Tekst", exact: true }).click();
    await first.getByRole("button", { name: "Spremi skicu" }).click();
    await visible(first.getByRole("alert").filter({ hasText: "Ema Urednica" }));
    expect(await first.getByRole("button", { name: "Spremi skicu" }).isDisabled()).toBe(true);
  });

  it("AltGr typing (Ctrl+Alt on Windows) never triggers an editor shortcut; edit mode is keyboard usable and axe-clean at 360 px", async () => {
    const staff = await staffPage({ width: 360, height: 740 });
    await openEditor(staff, "/o-nama");
    expect(await seriousViolations(staff)).toEqual([]);
    // By keyboard: Tab reaches a block, Enter selects it, Escape lets it go.
    const block = staff.getByRole("group", { name: /\(blok 1\)/ });
    await block.focus();
    await staff.keyboard.press("Enter");
    await visible(staff.getByRole("toolbar", { name: /Alati bloka/ }));
    const title = staff.getByRole("textbox", { name: "Naslov" }).first();
    await title.click();
    // The title wraps at 360 px: to the end of the text, not of its first line.
    await staff.keyboard.press("Control+End");
    // AltGr+S is đ on a Croatian keyboard: typed, never Ctrl+S's save.
    await staff.keyboard.press("Control+Alt+KeyS");
    await staff.keyboard.insertText("đ");
    // AltGr+2 (ˇ) in a rich text: no heading (TipTap's Ctrl+Alt+2).
    await staff.keyboard.press("Control+Alt+Digit2");
    await expect.poll(() => title.textContent()).toMatch(/đ$/);
    expect(await staff.locator(".editor-inline h2").count()).toBe(0);
    await visible(staff.getByText("Nespremljene promjene"));
    expect(await staff.getByRole("status").filter({ hasText: "spremljena" }).count()).toBe(0);
    // Ctrl+S itself saves.
    await staff.keyboard.press("Control+KeyS");
    await visible(staff.getByRole("status").filter({ hasText: "spremljena" }));
    await block.focus();
    await staff.keyboard.press("Enter");
    expect(await seriousViolations(staff)).toEqual([]);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await staff.keyboard.press("Escape");
    expect(await staff.getByRole("toolbar", { name: /Alati bloka/ }).count()).toBe(0);
  });

  it("the footer is edited from edit mode after a warning that it changes every page; unsaved changes ask before a link leaves", async () => {
    const { page: visitor } = j;
    const staff = await staffPage();
    await openEditor(staff, "/o-nama");
    // The footer is selected on the page itself: a click on it (on one of its links too) opens it.
    await staff.getByRole("contentinfo").getByRole("link").first().click();
    const modal = staff.getByRole("dialog", { name: "Zaglavlje, podnožje i kolačići" });
    expect(await modal.getByLabel("Element").inputValue()).toBe("footer-section");
    expect(new URL(staff.url()).pathname).toBe("/o-nama");
    const copyright = `© Autopraonica, uređeno ${Date.now()}`;
    await modal.getByLabel("Autorska prava").fill(copyright);
    expect(await seriousViolations(staff)).toEqual([]);
    await modal.getByRole("button", { name: "Spremi element" }).click();
    await visible(modal.getByText("na svim stranicama ovog jezika"));
    await modal.getByRole("button", { name: "Da, promijeni na svim stranicama" }).click();
    await visible(modal.getByRole("status").filter({ hasText: "Element je spremljen" }));
    await modal.getByRole("button", { name: "Zatvori" }).click();
    // The editor's own page shows the new footer at once.
    await visible(staff.getByRole("contentinfo").getByText(copyright));
    await visitor.goto("/kontakt");
    await visible(visitor.getByRole("contentinfo").getByText(copyright));
    // By keyboard: the header's own button opens it.
    await staff.getByRole("button", { name: "Uredi: Zaglavlje" }).focus();
    await staff.keyboard.press("Enter");
    expect(await modal.getByLabel("Element").inputValue()).toBe("header-section");
    await staff.keyboard.press("Escape");

    await retitleHero(staff, "Nespremljeni naslov");
    await staff.getByRole("navigation", { name: "Alati za osoblje" }).getByRole("link", { name: "Medijateka" }).click();
    const leave = staff.getByRole("dialog", { name: "Napustiti stranicu?" });
    await visible(leave);
    await leave.getByRole("button", { name: "Odustani" }).click();
    expect(new URL(staff.url()).pathname).toBe("/o-nama");
    await visible(staff.getByText("Nespremljene promjene"));
  });

  it("the same editor in two tabs: the later save, based on the older draft, is refused and the page reloads with the other tab's change", async () => {
    const staff = await staffPage();
    const second = await staff.context().newPage();
    await openEditor(staff, "/o-nama");
    await openEditor(second, "/o-nama");
    const saved = `O nama iz prve kartice ${Date.now()}`;
    await retitleHero(staff, saved);
    await staff.getByRole("button", { name: "Spremi skicu" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "spremljena" }));

    await retitleHero(second, "O nama iz druge kartice");
    await second.getByRole("button", { name: "Spremi skicu" }).click();
    const stale = second.getByRole("dialog", { name: "Stranica je u međuvremenu promijenjena" });
    await visible(stale);
    expect(await seriousViolations(second)).toEqual([]);
    await stale.getByRole("button", { name: "Učitaj ponovno" }).click();
    await stale.waitFor({ state: "detached" });
    // Nothing was overwritten: the draft is the first tab's.
    await expect.poll(() => heroTitle(second)).toBe(saved);
    expect(await second.locator(".editor-badge--unsaved").count()).toBe(0);
  });

  it("a shared section is edited in place on one page and, after a warning naming its pages, changes on all of them", async () => {
    const { shop } = j;
    const token = await apiLogin(shop, shop.admin, DEMO_API_KEY);
    const offer = `Mjesečna ponuda ${Date.now()}`;
    const master = await apiCall<MasterView>(
      shop,
      "POST",
      api.cms.createMaster.path,
      {
        template: "richText",
        title: "Ponuda",
        translations: [{ language: "hr", data: { title: offer, html: "<p>Vrijedi cijeli mjesec.</p>" } }],
      },
      token,
    );
    // Placed at the end of two pages, as the section manager does.
    for (const slug of ["eu-projekt", "privatnost"]) {
      const page = await apiCall<EditablePage>(shop, "GET", `${api.pageEditor.decide.path}?params=${slug}`, undefined, token);
      const live = page.draft ?? page.published;
      if (!live) throw new Error(`${slug} has no version`);
      const components = [
        ...live.components.map((c) => (c.master ? { id: c.id, master: c.master } : { id: c.id, template: c.template, data: c.data })),
        { master: master.id },
      ];
      const draft = await apiCall<EditablePage>(
        shop,
        "PUT",
        fillPath(api.pageEditor.saveDraft.path, { id: page.id }),
        { baseVersion: page.draft?.version ?? 0, title: live.title, slug: live.slug, components },
        token,
      );
      await apiCall(shop, "POST", fillPath(api.pageEditor.publish.path, { id: page.id }), { draftVersion: draft.draft?.version }, token);
    }

    // A visitor's view of the other page, now in the page cache.
    const { page: visitor } = j;
    await visitor.goto("/privatnost");
    await visible(visitor.getByText(offer));

    const staff = await staffPage();
    await openEditor(staff, "/eu-projekt");
    const section = staff.getByRole("group").filter({ hasText: offer });
    await section.click();
    const title = section.getByRole("textbox", { name: "Naslov" });
    await visible(title);
    const changed = `Nova mjesečna ponuda ${Date.now()}`;
    await title.click();
    await staff.keyboard.press("ControlOrMeta+A");
    await staff.keyboard.type(changed);
    await staff.getByRole("button", { name: "Spremi zajedničku sekciju" }).click();
    const warning = staff.getByRole("dialog", { name: "Promijeniti zajedničku sekciju?" });
    await visible(warning.getByText(/na ovom jeziku \(2\)/));
    expect(await seriousViolations(staff)).toEqual([]);
    await warning.getByRole("button", { name: "Da, promijeni je svugdje" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Zajednička sekcija je spremljena" }));
    // The page's own draft is untouched: nothing to save or publish for it.
    expect(await staff.locator(".editor-badge--unsaved").count()).toBe(0);
    expect(await staff.getByRole("button", { name: "Objavi" }).isDisabled()).toBe(true);

    // The cached page went with the change (it records master:<id>).
    await visitor.goto("/privatnost");
    await visible(visitor.getByText(changed));
    await visitor.goto("/eu-projekt");
    await visible(visitor.getByText(changed));
  });

  it("a draft too large for one request is refused with a message saying so, and the changes stay on the page", async () => {
    const staff = await staffPage();
    await openEditor(staff, "/uvjeti-kupnje");
    await staff.getByRole("group", { name: /\(blok 1\)/ }).click();
    const text = staff.getByRole("textbox", { name: "Sadržaj" }).first();
    await text.click();
    await staff.keyboard.press("ControlOrMeta+End");
    await staff.keyboard.insertText(" Uvjeti.".repeat(40_000));
    await staff.getByRole("button", { name: "Spremi skicu" }).click();
    await visible(staff.getByRole("status").filter({ hasText: "Stranica je prevelika za spremanje" }));
    await visible(staff.getByText("Nespremljene promjene"));
  });
});
