import type { PostCreateBody } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestCtx } from "../../http/context.ts";
import { runNow, withTransaction } from "../../http/transaction.ts";
import { createTestPlatform, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";
import { createPost } from "./posts.service.ts";
import { createRedirect } from "./redirects.service.ts";

let p: TestPlatform;
let siteId: number;

beforeAll(async () => {
  p = await createTestPlatform();
  siteId = (await p.db.selectFrom("sites").select("id").where("api_key", "=", p.apiKey).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await p.close();
});

/** A staff request's context whose cache invalidations are written down in `changed`. */
function staffCtx(changed: string[][]): RequestCtx {
  return {
    ...p.deps,
    onContentChange: (tags) => changed.push(tags),
    requestId: "test",
    locale: "hr",
    ip: "127.0.0.1",
    site: { id: siteId, name: p.siteName, url: PUBLIC_URL, defaultLanguage: "hr" },
    user: null,
    afterCommit: runNow,
  };
}

function post(slug: string): PostCreateBody {
  return {
    postType: "post",
    status: "published",
    termIds: [],
    translations: [{ language: "hr", slug, title: "Zimsko pranje", body: "<p>Sol s ceste skida se odmah.</p>" }],
  };
}

async function stored(slug: string, fromPath: string) {
  const [translation, redirect] = await Promise.all([
    p.db.selectFrom("post_translations").select("id").where("slug", "=", slug).executeTakeFirst(),
    p.db.selectFrom("redirects").select("id").where("from_path", "=", fromPath).executeTakeFirst(),
  ]);
  return { post: translation !== undefined, redirect: redirect !== undefined };
}

describe("cms writes join the caller's transaction", () => {
  it("a post and a redirect written in one transaction roll back as a whole, and no cache is told", async () => {
    const changed: string[][] = [];
    const work = withTransaction(staffCtx(changed), async (tx) => {
      await createPost(tx, post("zimsko-pranje-odustano"));
      await createRedirect(tx, { fromPath: "/staro-zimsko-pranje", toPath: "/zimsko-pranje-odustano", status: 301 });
      throw new Error("the caller changes its mind");
    });
    await expect(work).rejects.toThrow("the caller changes its mind");
    expect(await stored("zimsko-pranje-odustano", "/staro-zimsko-pranje")).toEqual({ post: false, redirect: false });
    expect(changed).toEqual([]);
  });

  it("commit keeps both, and the caches hear of them only once it has committed", async () => {
    const changed: string[][] = [];
    await withTransaction(staffCtx(changed), async (tx) => {
      const view = await createPost(tx, post("zimsko-pranje"));
      expect(view.slug).toBe("zimsko-pranje");
      await createRedirect(tx, { fromPath: "/zimsko", toPath: "/zimsko-pranje", status: 301 });
      expect(changed).toEqual([]);
    });
    expect(await stored("zimsko-pranje", "/zimsko")).toEqual({ post: true, redirect: true });
    expect(changed).toEqual([["posts"], ["redirects"]]);
  });
});
