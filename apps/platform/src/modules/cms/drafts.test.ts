import {
  type EditablePage,
  type EditorLock,
  type FinderDecision,
  REVISIONS_KEPT,
  type RedirectView,
  type RevisionSummary,
  type RevisionView,
} from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { customerToken, insertPost } from "./cms.fixtures.ts";
import { EMPTY_COMPONENTS, SLUG_TOO_SHORT } from "./content-rules.ts";

let p: TestPlatform;
let ana: string;
let marko: string;
let customer: string;
let template: number;

const staff = async (firstName: string, lastName: string) =>
  (await p.login(await p.createUser({ staffScopes: ["content"], firstName, lastName }))).accessToken;

beforeAll(async () => {
  p = await createTestPlatform();
  ana = await staff("Ana", "Horvat");
  marko = await staff("Marko", "Kovač");
  customer = await customerToken(p);
  const created = await p.call<{ id: number }>("POST", "/api/v1/pageTemplate/create", {
    body: { name: "Usluga", blocks: ["hero", "richText"] },
    token: ana,
  });
  template = created.body.data.id;
});
afterAll(() => p.close());

const hero = (title: string) => ({ template: "hero", data: { title } });

/** A published page in Croatian, as the seed writes them. */
function page(slug: string, title = "Stara stranica") {
  return insertPost(p, { type: "page", translations: [{ lang: "hr", slug, title, components: [{ id: 1, ...hero(title) }] }] });
}

const editor = {
  decide: (params: string, token = ana, language = "hr") =>
    p.call<EditablePage>("GET", `/api/v1/editor/decide?params=${params}`, { token, language }),
  get: (id: number, token = ana, language = "hr") => p.call<EditablePage>("GET", `/api/v1/editor/page/${id}`, { token, language }),
  save: (id: number, body: Record<string, unknown>, token = ana, language = "hr") =>
    p.call<EditablePage>("PUT", `/api/v1/editor/page/${id}/draft`, { body, token, language }),
  discard: (id: number, token = ana) => p.call<EditablePage>("DELETE", `/api/v1/editor/page/${id}/draft`, { token }),
  publish: (id: number, draftVersion: number, token = ana, language = "hr") =>
    p.call<EditablePage>("POST", `/api/v1/editor/page/${id}/publish`, { body: { draftVersion }, token, language }),
  lock: (id: number, token = ana, takeOver = false) =>
    p.call<EditorLock>("POST", `/api/v1/editor/page/${id}/lock`, { body: { takeOver }, token }),
  unlock: (id: number, token = ana) => p.call<{ released: boolean }>("DELETE", `/api/v1/editor/page/${id}/lock`, { token }),
  revisions: (id: number, token = ana) => p.call<{ records: RevisionSummary[] }>("GET", `/api/v1/editor/page/${id}/revisions`, { token }),
  revision: (id: number, token = ana) => p.call<RevisionView>("GET", `/api/v1/editor/revision/${id}`, { token }),
  restore: (id: number, token = ana) => p.call<EditablePage>("POST", `/api/v1/editor/revision/${id}/restore`, { token }),
  create: (body: Record<string, unknown>, token = ana) => p.call<EditablePage>("POST", "/api/v1/editor/page", { body, token }),
  translate: (id: number, body: Record<string, unknown>, language: string, token = ana) =>
    p.call<EditablePage>("POST", `/api/v1/editor/page/${id}/translate`, { body, token, language }),
};
const visitor = (slug: string, language = "hr") => p.call<FinderDecision>("GET", `/api/v1/finder/decide?params=${slug}`, { language });
const titleSeen = async (slug: string) => {
  const res = await visitor(slug);
  return res.status === 200 && res.body.data.type === "page" ? res.body.data.page.title : res.status;
};
const redirectOf = (path: string) => p.call<RedirectView>("GET", `/api/v1/redirect/resolve?path=${encodeURIComponent(path)}`);
const draft = (slug: string, title: string, baseVersion = 0) => ({ baseVersion, slug, title, components: [hero(title)] });

describe("drafts and publishing", () => {
  it("keeps a draft from visitors; publishing makes it live with a revision and a 301 from the old slug", async () => {
    const id = await page("o-nama");
    const saved = await editor.save(id, draft("o-nama-danas", "O nama danas"));
    expect(saved.status).toBe(200);
    expect(saved.body.data.draft).toMatchObject({ slug: "o-nama-danas", title: "O nama danas", version: 1, savedBy: "Ana Horvat" });
    expect(saved.body.data.published).toMatchObject({ slug: "o-nama", title: "Stara stranica", version: 1 });
    expect(saved.body.data.lock).toMatchObject({ holderName: "Ana Horvat", mine: true });
    // Visitors still see the published version, and the draft's slug is nobody's to them.
    expect(await titleSeen("o-nama")).toBe("Stara stranica");
    expect(await titleSeen("o-nama-danas")).toBe(404);
    // Staff find the page by the draft's slug too.
    expect((await editor.decide("o-nama-danas")).body.data).toMatchObject({ id, draft: { version: 1 } });

    const published = await editor.publish(id, 1);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ draft: null, published: { slug: "o-nama-danas", title: "O nama danas", version: 2 } });
    expect(await titleSeen("o-nama-danas")).toBe("O nama danas");
    expect((await redirectOf("/o-nama")).body.data).toMatchObject({ toPath: "/o-nama-danas", status: 301 });
    const revisions = (await editor.revisions(id)).body.data.records;
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ version: 2, slug: "o-nama-danas", authorName: "Ana Horvat", restoredFrom: null });
    const preview = await editor.revision(revisions[0]?.id ?? 0);
    expect(preview.body.data).toMatchObject({
      pageId: id,
      language: "hr",
      components: [{ template: "hero", data: { title: "O nama danas" } }],
    });

    // Changing the slug back: the old redirect goes, the other way round comes.
    await editor.save(id, draft("o-nama", "O nama"));
    await editor.publish(id, 1);
    expect(await titleSeen("o-nama")).toBe("O nama");
    expect((await redirectOf("/o-nama")).status).toBe(404);
    expect((await redirectOf("/o-nama-danas")).body.data.toPath).toBe("/o-nama");
  });

  it("publishes only the draft version the editor shows", async () => {
    const id = await page("cjenik-usluga");
    await editor.save(id, draft("cjenik-usluga", "Cjenik 1"));
    await editor.save(id, draft("cjenik-usluga", "Cjenik 2", 1));
    const old = await editor.publish(id, 1);
    expect(old.status).toBe(409);
    expect(old.body.error?.payload.message).toContain("Ana Horvat");
    expect(await titleSeen("cjenik-usluga")).toBe("Stara stranica");
    expect((await editor.publish(id, 2)).status).toBe(200);
  });

  it("throws a draft away, not while another editor holds the lock", async () => {
    const id = await page("radno-vrijeme");
    await editor.save(id, draft("radno-vrijeme", "Novo radno vrijeme"));
    expect((await editor.discard(id, marko)).status).toBe(423);
    const res = await editor.discard(id);
    expect(res.status).toBe(200);
    expect(res.body.data.draft).toBeNull();
    expect(res.body.data.published?.title).toBe("Stara stranica");
  });

  it("restores a revision as a new revision, throwing the draft away; not while another editor holds the lock", async () => {
    const id = await page("akcije");
    await editor.save(id, draft("akcije", "Akcije 1"));
    await editor.publish(id, 1);
    await editor.save(id, draft("akcije", "Akcije 2"));
    await editor.publish(id, 1);
    await editor.save(id, draft("akcije", "Akcije 3 – skica"));
    const [second, first] = (await editor.revisions(id)).body.data.records;
    expect(second?.title).toBe("Akcije 2");

    await editor.lock(id, marko, true);
    const refused = await editor.restore(first?.id ?? 0);
    expect(refused.status).toBe(423);
    expect(refused.body.error?.payload.message).toContain("Marko Kovač");
    await editor.unlock(id, marko);

    const restored = await editor.restore(first?.id ?? 0);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ draft: null, published: { title: "Akcije 1", version: 4 } });
    expect(await titleSeen("akcije")).toBe("Akcije 1");
    const newest = (await editor.revisions(id)).body.data.records[0];
    expect(newest).toMatchObject({ version: 4, title: "Akcije 1", restoredFrom: first?.id });
    expect((await editor.restore(999_999)).status).toBe(404);
  });

  it("keeps the newest revisions of a page and language, dropping older ones as new publishes come", async () => {
    const id = await page("novosti-pranja");
    for (let n = 1; n <= REVISIONS_KEPT + 2; n++) {
      await editor.save(id, draft("novosti-pranja", `Novosti ${n}`));
      expect((await editor.publish(id, 1)).status).toBe(200);
    }
    const kept = (await editor.revisions(id)).body.data.records;
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]?.title).toBe(`Novosti ${REVISIONS_KEPT + 2}`);
    expect(kept.at(-1)?.title).toBe("Novosti 3");
  });

  it("refuses a short or badly formed slug with the SPEC message, a taken slug, and empty components", async () => {
    const id = await page("usluge-pranja");
    await page("kontakt-podaci");
    const short = await editor.save(id, draft("abc", "Kratko"));
    expect(short.status).toBe(400);
    expect(short.body.error?.payload.message).toBe(SLUG_TOO_SHORT);
    expect((await editor.save(id, draft("Velika-Slova", "X"))).status).toBe(400);
    const taken = await editor.save(id, draft("kontakt-podaci", "Kontakt"));
    expect(taken.status).toBe(409);
    expect(taken.body.error?.payload.fields?.[0]?.path).toBe("slug");
    // Another page's draft holds its slug too.
    const other = await page("galerija-slika");
    await editor.save(other, draft("galerija-nova", "Galerija"));
    expect((await editor.save(id, draft("galerija-nova", "Galerija"))).status).toBe(409);
    const empty = await editor.save(id, { baseVersion: 0, slug: "usluge-pranja", title: "Prazno", components: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.payload.message).toBe(EMPTY_COMPONENTS);
    const unsafe = await editor.save(id, {
      ...draft("usluge-pranja", "Usluge"),
      components: [{ template: "richText", data: { html: '<p onclick="x()">Tekst<script>alert(1)</script></p>' } }],
    });
    expect(unsafe.status).toBe(200);
    expect(unsafe.body.data.draft?.components[0]?.data).toEqual({ html: "<p>Tekst</p>" });
    expect((await editor.save(id, { ...draft("usluge-pranja", "X", 1), components: [{ master: 99_999 }] })).status).toBe(400);
  });

  it("keeps the home page's slug", async () => {
    const id = await page("pocetna", "Početna");
    const res = await editor.save(id, draft("nova-pocetna", "Početna"));
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.message).toBe("Slug početne stranice ne može se mijenjati.");
    expect((await editor.save(id, draft("pocetna", "Dobro došli"))).status).toBe(200);
  });

  it("refuses a save based on an older draft, naming who saved last", async () => {
    const id = await page("poklon-bonovi");
    expect((await editor.save(id, draft("poklon-bonovi", "Bonovi 1"))).status).toBe(200);
    const stale = await editor.save(id, draft("poklon-bonovi", "Bonovi 1b"));
    expect(stale.status).toBe(409);
    expect(stale.body.error?.payload.message).toContain("Ana Horvat");
    expect((await editor.get(id)).body.data.draft?.title).toBe("Bonovi 1");
  });
});

describe("edit locks", () => {
  it("lets one editor in; a take-over is told to the previous holder on their next beat and save", async () => {
    const id = await page("lokacije-praonica");
    const mine = await editor.lock(id);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ holderName: "Ana Horvat", mine: true });
    // A heartbeat renews it.
    expect((await editor.lock(id)).status).toBe(200);

    const refused = await editor.lock(id, marko);
    expect(refused.status).toBe(423);
    expect(refused.body.error?.code).toBe("LOCKED");
    expect(refused.body.error?.payload.message).toContain("Ana Horvat");
    const blockedSave = await editor.save(id, draft("lokacije-praonica", "Markova verzija"), marko);
    expect(blockedSave.status).toBe(423);

    // Heartbeats leave no line in the audit log; the take-over does, once.
    const audited = () =>
      p.db
        .selectFrom("audit_log")
        .select(["action", "entity"])
        .where("entity", "=", "page.editLock")
        .where("entity_id", "=", String(id))
        .execute();
    expect(await audited()).toEqual([]);
    const taken = await editor.lock(id, marko, true);
    expect(taken.status).toBe(200);
    expect((await editor.lock(id, marko)).status).toBe(200);
    expect(await audited()).toEqual([{ action: "takeOver", entity: "page.editLock" }]);
    expect(taken.body.data).toMatchObject({ holderName: "Marko Kovač", mine: true });
    const beat = await editor.lock(id);
    expect(beat.status).toBe(423);
    expect(beat.body.error?.payload.message).toBe("Uređivanje ove stranice preuzeo je Marko Kovač. Vaše promjene nisu spremljene.");
    const save = await editor.save(id, draft("lokacije-praonica", "Anina verzija"));
    expect(save.status).toBe(423);
    expect(save.body.error?.payload.message).toContain("Marko Kovač");
    expect((await editor.get(id)).body.data.lock).toMatchObject({ holderName: "Marko Kovač", mine: false });

    // Only the holder lets go.
    expect((await editor.unlock(id)).body.data.released).toBe(false);
    expect((await editor.unlock(id, marko)).body.data.released).toBe(true);
    expect((await editor.lock(id)).status).toBe(200);
  });

  it("a lock whose heartbeat stopped is free for the next editor", async () => {
    const id = await page("stari-zakljucani");
    await editor.lock(id);
    await p.db
      .updateTable("edit_locks")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("post_id", "=", id)
      .execute();
    expect((await editor.get(id, marko)).body.data.lock).toBeNull();
    expect((await editor.lock(id, marko)).status).toBe(200);
  });

  it("two editors taking a free lock at once: exactly one gets it", async () => {
    const id = await page("istovremeno-zakljucavanje");
    const results = await Promise.all([editor.lock(id), editor.lock(id, marko)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 423]);
    const winner = results.find((r) => r.status === 200)?.body.data.holderName;
    expect((await editor.get(id)).body.data.lock?.holderName).toBe(winner);
  });

  it("two saves on the same base version at once: exactly one is applied", async () => {
    const id = await page("istovremeno-spremanje");
    await editor.save(id, draft("istovremeno-spremanje", "Osnova"));
    const results = await Promise.all([
      editor.save(id, draft("istovremeno-spremanje", "Prva", 1)),
      editor.save(id, draft("istovremeno-spremanje", "Druga", 1)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)?.body.data.draft?.title;
    expect((await editor.get(id)).body.data.draft).toMatchObject({ version: 2, title: winner });
  });

  it("two first saves at once: exactly one makes the draft", async () => {
    const id = await page("istovremeno-prvo");
    await editor.lock(id);
    const results = await Promise.all([
      editor.save(id, draft("istovremeno-prvo", "Prva")),
      editor.save(id, draft("istovremeno-prvo", "Druga")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("new pages and translations", () => {
  it("makes an unpublished page from a template, its first draft filled with starter data; visitors see it once published", async () => {
    const res = await editor.create({ title: "Pranje kamiona", slug: "pranje-kamiona", template, language: "hr" });
    expect(res.status).toBe(200);
    const created = res.body.data;
    expect(created).toMatchObject({ postType: "page", status: "draft", published: null, lock: { mine: true } });
    expect(created.draft?.components.map((c) => c.template)).toEqual(["hero", "richText"]);
    expect(created.draft?.components[0]?.data.title).toBe("Pranje kamiona");
    expect(await titleSeen("pranje-kamiona")).toBe(404);
    expect((await editor.decide("pranje-kamiona")).body.data.id).toBe(created.id);
    // Nobody else may edit it meanwhile.
    expect((await editor.lock(created.id, marko)).status).toBe(423);

    expect((await editor.publish(created.id, 1)).body.data.status).toBe("published");
    expect(await titleSeen("pranje-kamiona")).toBe("Pranje kamiona");
  });

  it("refuses a new page with a bad slug or an unknown template", async () => {
    expect((await editor.create({ title: "X", slug: "xy", template, language: "hr" })).body.error?.payload.message).toBe(SLUG_TOO_SHORT);
    expect((await editor.create({ title: "X", slug: "nepostojeci-predlozak", template: 99_999, language: "hr" })).status).toBe(400);
  });

  it("makes a language's draft from the Croatian version", async () => {
    const id = await page("njega-vozila", "Njega vozila");
    const en = await editor.translate(id, {}, "en");
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ language: "en", fallback: true, draft: { slug: "njega-vozila-en", title: "Njega vozila" } });
    expect((await editor.translate(id, {}, "en")).status).toBe(409);
    const de = await editor.translate(id, { slug: "fahrzeugpflege", title: "Fahrzeugpflege" }, "de");
    expect(de.body.data.draft).toMatchObject({ slug: "fahrzeugpflege", title: "Fahrzeugpflege" });
    // Still hr to English visitors until published.
    expect((await visitor("njega-vozila", "en")).body.data).toMatchObject({ page: { language: "hr" } });
    await editor.publish(id, 1, ana, "en");
    expect((await visitor("njega-vozila-en", "en")).body.data).toMatchObject({ page: { language: "en", title: "Njega vozila" } });
  });
});

describe("masters", () => {
  it("lists the pages placing a master, published or draft", async () => {
    const master = await p.call<{ id: number }>("POST", "/api/v1/master/create", {
      body: { template: "hero", title: "Zajednički naslov", translations: [{ language: "hr", data: { title: "Zajedno" } }] },
      token: ana,
    });
    const masterId = master.body.data.id;
    const id = await page("s-masterom");
    await editor.save(id, { ...draft("s-masterom", "S masterom"), components: [{ master: masterId }] });
    const usage = await p.call<{ pages: unknown[] }>("GET", `/api/v1/editor/master/${masterId}/usage`, { token: ana });
    expect(usage.body.data.pages).toEqual([{ id, title: "S masterom", slug: "s-masterom", language: "hr" }]);
    expect((await p.call("GET", "/api/v1/editor/master/99999/usage", { token: ana })).status).toBe(404);
  });
});

describe("access", () => {
  it("answers 401 to anonymous callers and 403 to customers on every editing endpoint", async () => {
    const id = await page("samo-osoblje");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/v1/editor/decide?params=samo-osoblje"],
      ["GET", `/api/v1/editor/page/${id}`],
      ["PUT", `/api/v1/editor/page/${id}/draft`, draft("samo-osoblje", "X")],
      ["DELETE", `/api/v1/editor/page/${id}/draft`],
      ["POST", `/api/v1/editor/page/${id}/publish`, { draftVersion: 1 }],
      ["GET", `/api/v1/editor/page/${id}/revisions`],
      ["GET", "/api/v1/editor/revision/1"],
      ["POST", "/api/v1/editor/revision/1/restore"],
      ["POST", `/api/v1/editor/page/${id}/lock`, {}],
      ["DELETE", `/api/v1/editor/page/${id}/lock`],
      ["POST", "/api/v1/editor/page", { title: "X", slug: "nova-nova", template, language: "hr" }],
      ["POST", `/api/v1/editor/page/${id}/translate`, {}],
      ["GET", "/api/v1/editor/navigation/main"],
      ["PUT", "/api/v1/navigation/tree/main", { baseVersion: 0, items: [] }],
      ["GET", "/api/v1/editor/master/1/usage"],
    ];
    for (const [method, path, body] of calls) {
      expect((await p.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await p.call(method, path, { body, token: customer })).status, `${method} ${path}`).toBe(403);
    }
    expect((await editor.get(id)).body.data.draft).toBeNull();
  });
});
