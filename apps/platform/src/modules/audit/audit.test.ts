import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

/**
 * The audit row a staff create leaves without a record of its own (ADR 18's generic row) names what
 * was created: its path has no id yet, so the id comes from the answer.
 */

let p: TestPlatform;
let ana: string;

beforeAll(async () => {
  p = await createTestPlatform();
  ana = (await p.login(await p.createUser({ staffScopes: ["content"] }))).accessToken;
});
afterAll(() => p.close());

/** A create through the API, and the audit rows it left. */
async function created(path: string, body: unknown): Promise<{ id: number; audit: { entity_id: string | null; action: string }[] }> {
  const last = await p.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const res = await p.call<{ id: number }>("POST", `/api/v1/${path}`, { body, token: ana });
  expect(res.status, path).toBe(200);
  const audit = await p.db
    .selectFrom("audit_log")
    .select(["entity_id", "action"])
    .where("id", ">", Number(last?.id ?? 0))
    .execute();
  return { id: res.body.data.id, audit };
}

describe("the audit row of a staff create", () => {
  it("names the created post, page, page template, element, post type and redirect by id", async () => {
    const template = await created("pageTemplate/create", { name: "Usluga", blocks: ["hero"] });
    const cases = [
      template,
      await created("post/create", { translations: [{ language: "hr", slug: "nova-objava", title: "Nova objava", body: "<p>Tekst</p>" }] }),
      await created("editor/page", { title: "Nova stranica", slug: "nova-stranica", template: template.id, language: "hr" }),
      await created("element/create", {
        handler: "cookie-section",
        language: "de",
        title: "Cookies",
        options: { text: "Wir verwenden Cookies.", acceptLabel: "OK" },
      }),
      await created("postType/create", { slug: "novosti", translations: [{ language: "hr", title: "Novosti" }] }),
      await created("redirect/create", { fromPath: "/stara-adresa", toPath: "/kontakt" }),
    ];
    for (const { id, audit } of cases) {
      expect(id).toBeGreaterThan(0);
      expect(
        audit.map((a) => a.entity_id),
        audit[0]?.action,
      ).toEqual([String(id)]);
    }
  });
});
