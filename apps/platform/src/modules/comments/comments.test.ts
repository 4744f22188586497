import type { CommentList, CommentOptions, CommentView } from "@shop/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";

let p: TestPlatform;
let admin: string;
/** Post ids: a published blog post, a draft one and a published page (pages take no comments). */
let post: number;
let draftPost: number;

interface Member {
  id: number;
  token: string;
}

beforeAll(async () => {
  p = await createTestPlatform();
  admin = (await p.login(await p.createUser({ isBackoffice: true, firstName: "Ana" }))).accessToken;
  post = await insertPost("post", "published");
  draftPost = await insertPost("post", "draft");
});
afterAll(() => p.close());

const DEFAULT_OPTIONS = {
  CanCommentOnBlog: "RegisteredUsers",
  RequireAdminPublishing: "true",
  OneUserOneComment: "true",
  UserCanEditComment: "true",
};

beforeEach(() => setOptions(DEFAULT_OPTIONS));

async function setOptions(options: Record<string, string>) {
  for (const [key, value] of Object.entries(options)) {
    await p.db.deleteFrom("cms_options").where("key", "=", key).execute();
    await p.db.insertInto("cms_options").values({ key, value, media_id: null }).execute();
  }
}

let seq = 0;
async function insertPost(postType: string, status: "draft" | "published"): Promise<number> {
  const now = new Date().toISOString();
  const row = await p.db
    .insertInto("posts")
    .values({ post_type: postType, status, published_at: status === "published" ? now : null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await p.db
    .insertInto("post_translations")
    .values({
      post_id: row.id,
      language_code: "hr",
      slug: `objava-${++seq}`,
      title: `Objava ${seq}`,
      body: "<p>Tekst</p>",
      components: "[]",
    })
    .execute();
  return row.id;
}

async function member(firstName = "Ivana"): Promise<Member> {
  const user = await p.createUser({ firstName });
  return { id: user.id, token: (await p.login(user)).accessToken };
}

const create = (token: string | undefined, body: unknown, options: { ip?: string; language?: string } = {}) =>
  p.call<CommentView>("POST", "/api/v1/comment/create", { body, token, ...options });
const list = (postId: number, token?: string, extra: Record<string, unknown> = {}) =>
  p.call<CommentList>("POST", "/api/v1/comment/filterStandard", { body: { post_id: postId, ...extra }, token });
const update = (token: string | undefined, id: number | string, body: unknown, language?: string) =>
  p.call<CommentView>("PATCH", `/api/v1/comment/update/${id}`, { body, token, language });

async function commentOn(postId: number, who: Member, content = "Odlična usluga, preporučujem!"): Promise<CommentView> {
  const res = await create(who.token, { post_id: postId, content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe("POST /v1/comment/getOptions", () => {
  it("answers the comment options from the CMS options", async () => {
    const res = await p.call<CommentOptions>("POST", "/api/v1/comment/getOptions", { body: { store_id: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      CanCommentOnBlog: "RegisteredUsers",
      RequireAdminPublishing: true,
      OneUserOneComment: true,
      UserCanEditComment: true,
    });
    await setOptions({ RequireAdminPublishing: "false", UserCanEditComment: "false" });
    const changed = await p.call<CommentOptions>("POST", "/api/v1/comment/getOptions", { body: {} });
    expect(changed.body.data).toMatchObject({ RequireAdminPublishing: false, UserCanEditComment: false });
  });

  it("refuses a bad store id", async () => {
    for (const store_id of ["x", 0, 4]) {
      const res = await p.call("POST", "/api/v1/comment/getOptions", { body: { store_id } });
      expect(res.status).toBe(400);
      expect(res.body.error?.payload.fields?.[0]?.path).toBe("store_id");
    }
  });
});

describe("POST /v1/comment/create", () => {
  it("keeps a registered user's comment unpublished under RequireAdminPublishing", async () => {
    const marko = await member("Marko");
    const comment = await commentOn(post, marko);
    expect(comment).toMatchObject({
      post_id: post,
      author: { firstName: "Marko" },
      content: "Odlična usluga, preporučujem!",
      published: false,
      own: true,
      canEdit: true,
    });
    expect(JSON.stringify(comment)).not.toContain("@");
  });

  it("publishes at once without RequireAdminPublishing", async () => {
    await setOptions({ RequireAdminPublishing: "false" });
    const comment = await commentOn(post, await member());
    expect(comment.published).toBe(true);
    expect((await list(post)).body.data.records.map((c) => c.id)).toContain(comment.id);
  });

  it("publishes staff comments at once", async () => {
    const res = await create(admin, { post_id: post, content: "Hvala svima na dolasku." });
    expect(res.body.data.published).toBe(true);
  });

  it("is for registered users only", async () => {
    const res = await create(undefined, { post_id: post, content: "Anonimno" });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("UNAUTHORIZED");
    const forged = await create("not-a-token", { post_id: post, content: "Lažno" });
    expect(forged.status).toBe(401);
  });

  it("refuses a second comment with OneUserOneComment (SPEC §8), also when both arrive at once", async () => {
    const ivana = await member();
    await commentOn(post, ivana);
    const again = await create(ivana.token, { post_id: post, content: "Još jednom" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      payload: { key: "comments.error.onePerUser", message: "Već ste komentirali ovu objavu: dopušten je jedan komentar po korisniku." },
    });

    const racer = await member();
    const results = await Promise.all(Array.from({ length: 4 }, () => create(racer.token, { post_id: post, content: "Brzo!" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await p.db.selectFrom("comments").select("id").where("user_id", "=", racer.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("allows several comments per user when OneUserOneComment is off", async () => {
    await setOptions({ OneUserOneComment: "false" });
    const ivana = await member();
    await commentOn(post, ivana, "Prvi");
    await commentOn(post, ivana, "Drugi");
    await setOptions({ OneUserOneComment: "true" });
    // The flag now applies to what was written before it, too.
    const res = await create(ivana.token, { post_id: post, content: "Treći" });
    expect(res.status).toBe(409);
  });

  it("answers 'comments disabled' when CanCommentOnBlog is anything but RegisteredUsers", async () => {
    const ivana = await member();
    for (const value of ["Disabled", "", "Everyone"]) {
      await setOptions({ CanCommentOnBlog: value });
      const res = await create(ivana.token, { post_id: post, content: "Zatvoreno?" }, { language: "en" });
      expect(res.status).toBe(403);
      expect(res.body.error?.payload).toMatchObject({ key: "comments.error.disabled", message: "Comments are disabled." });
    }
    await p.db.deleteFrom("cms_options").where("key", "=", "CanCommentOnBlog").execute();
    expect((await create(ivana.token, { post_id: post, content: "Bez opcije" })).status).toBe(403);
    expect(await p.db.selectFrom("comments").select("id").where("user_id", "=", ivana.id).execute()).toHaveLength(0);
  });

  it("keeps content as plain text: markup is stored as written and never turned into HTML", async () => {
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "navodnici"';
    const comment = await commentOn(post, await member(), `  ${payload}\r\nnovi red\u0000\u202e  `);
    expect(comment.content).toBe(`${payload}\nnovi red`);
  });

  it("refuses bad input with translated field errors", async () => {
    const ivana = await member();
    const cases: [unknown, string, string][] = [
      [{ post_id: post, content: "" }, "content", "Unos ovog polja je obavezan"],
      [{ post_id: post, content: "   \n\t " }, "content", "Unos ovog polja je obavezan"],
      [{ post_id: post, content: "x".repeat(2001) }, "content", "Maksimalna duljina je 2000 znakova"],
      [{ post_id: post }, "content", "Unos ovog polja je obavezan"],
      [{ post_id: "abc", content: "Bok" }, "post_id", "Neispravna vrijednost"],
      [{ content: "Bok" }, "post_id", "Neispravna vrijednost"],
      [{ post_id: post, content: 42 }, "content", "Unos ovog polja je obavezan"],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(ivana.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.fields?.find((f) => f.path === path)?.message, JSON.stringify(body)).toBe(message);
    }
    // An invisible-only comment is empty once cleaned.
    const blank = await create(ivana.token, { post_id: post, content: "\u200b\u200b" });
    expect(blank.status).toBe(400);
    expect(await p.db.selectFrom("comments").select("id").where("user_id", "=", ivana.id).execute()).toHaveLength(0);
  });

  it("answers 404 for unknown and draft posts and for pages", async () => {
    const ivana = await member();
    const page = await insertPost("page", "published");
    for (const postId of [987654, draftPost, page]) {
      const res = await create(ivana.token, { post_id: postId, content: "Bok" });
      expect(res.status).toBe(404);
    }
  });

  it("limits comments per user and per address", async () => {
    await setOptions({ OneUserOneComment: "false" });
    const busy = await member();
    for (let i = 0; i < 5; i++) expect((await create(busy.token, { post_id: post, content: `Komentar ${i}` })).status).toBe(200);
    const limited = await create(busy.token, { post_id: post, content: "Previše" });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.payload.message).toBe("Previše pokušaja. Pokušajte ponovno za nekoliko minuta.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const ip = "10.200.0.1";
    const people = await Promise.all(Array.from({ length: 5 }, () => member()));
    const statuses: number[] = [];
    for (const person of people) {
      for (let i = 0; i < 4; i++)
        statuses.push((await create(person.token, { post_id: post, content: `S iste adrese ${i}` }, { ip })).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await create((await member()).token, { post_id: post, content: "Dvadeset prvi" }, { ip })).status).toBe(429);
  });
});

describe("POST /v1/comment/filterStandard", () => {
  it("shows visitors published comments only, authors also their pending ones, staff everything", async () => {
    const postId = await insertPost("post", "published");
    await setOptions({ RequireAdminPublishing: "false" });
    const published = await commentOn(postId, await member("Petra"), "Objavljeno");
    await setOptions({ RequireAdminPublishing: "true" });
    const luka = await member("Luka");
    const pending = await commentOn(postId, luka, "Na čekanju");
    const stranger = await member();

    const visitor = await list(postId);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.records.map((c) => c.content)).toEqual(["Objavljeno"]);
    expect(visitor.body.data.records[0]).toMatchObject({ author: { firstName: "Petra" }, own: false, canEdit: false, published: true });
    expect(visitor.body.data.viewer).toBeNull();
    expect(visitor.body.data.pagination.total).toBe(1);

    const author = await list(postId, luka.token);
    expect(author.body.data.records.map((c) => [c.content, c.published, c.own, c.canEdit])).toEqual([
      ["Objavljeno", true, false, false],
      ["Na čekanju", false, true, true],
    ]);
    expect(author.body.data.viewer).toEqual({ commented: true, canComment: false });

    const other = await list(postId, stranger.token);
    expect(other.body.data.records.map((c) => c.id)).toEqual([published.id]);
    expect(other.body.data.viewer).toEqual({ commented: false, canComment: true });

    const staff = await list(postId, admin);
    expect(staff.body.data.records.map((c) => c.id)).toEqual([published.id, pending.id]);
    expect(staff.body.data.records.every((c) => c.canEdit)).toBe(true);
  });

  it("pages oldest first", async () => {
    const postId = await insertPost("post", "published");
    await setOptions({ RequireAdminPublishing: "false" });
    for (const content of ["Prvi", "Drugi", "Treći"]) await commentOn(postId, await member(), content);
    const page2 = await list(postId, undefined, { page: 2, limit: 2 });
    expect(page2.body.data.records.map((c) => c.content)).toEqual(["Treći"]);
    expect(page2.body.data.pagination).toMatchObject({ page: 2, limit: 2, total: 3, lastPage: 2 });
  });

  it("tells a user that comments are closed through canComment", async () => {
    await setOptions({ CanCommentOnBlog: "Disabled" });
    const res = await list(post, (await member()).token);
    expect(res.body.data.viewer?.canComment).toBe(false);
  });

  it("refuses bad input and answers 404 for posts that take no comments", async () => {
    for (const body of [{}, { post_id: "x" }, { post_id: post, limit: 1000 }, { post_id: post, page: 0 }]) {
      const res = await p.call("POST", "/api/v1/comment/filterStandard", { body, language: "de" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.payload.message).toContain("Bitte");
    }
    expect((await list(draftPost)).status).toBe(404);
    expect((await list(987654)).status).toBe(404);
  });
});

describe("PATCH /v1/comment/update/:id", () => {
  it("lets the author change their comment, which waits for approval again", async () => {
    await setOptions({ RequireAdminPublishing: "false" });
    const ivana = await member();
    const comment = await commentOn(post, ivana, "Prva verzija");
    expect(comment.published).toBe(true);
    await setOptions({ RequireAdminPublishing: "true" });
    const res = await update(ivana.token, comment.id, { content: "  Druga verzija  " });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ content: "Druga verzija", published: false, own: true });
    expect(res.body.data.updated_at >= comment.updated_at).toBe(true);
    expect((await list(post)).body.data.records.map((c) => c.id)).not.toContain(comment.id);
  });

  it("forbids editing someone else's comment (SPEC §8 'edit not allowed') and changes nothing", async () => {
    const owner = await member();
    const comment = await commentOn(post, owner, "Moj komentar");
    const intruder = await member();
    const res = await update(intruder.token, comment.id, { content: "Tuđa izmjena" }, "en");
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "FORBIDDEN",
      payload: { key: "comments.error.editNotAllowed", message: "Editing this comment is not allowed." },
    });
    const row = await p.db.selectFrom("comments").select("content").where("id", "=", comment.id).executeTakeFirstOrThrow();
    expect(row.content).toBe("Moj komentar");
  });

  it("forbids editing one's own comment when UserCanEditComment is off", async () => {
    const ivana = await member();
    const comment = await commentOn(post, ivana);
    await setOptions({ UserCanEditComment: "false" });
    const res = await update(ivana.token, comment.id, { content: "Izmjena" });
    expect(res.status).toBe(403);
    expect(res.body.error?.payload.key).toBe("comments.error.editNotAllowed");
    expect((await list(post, ivana.token)).body.data.records.find((c) => c.id === comment.id)?.canEdit).toBe(false);
  });

  it("leaves publishing to staff: an author cannot publish their own comment", async () => {
    const ivana = await member();
    const comment = await commentOn(post, ivana);
    const res = await update(ivana.token, comment.id, { published: true });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("FORBIDDEN");
    expect((await update(ivana.token, comment.id, { content: "Nešto", published: true })).status).toBe(403);
  });

  it("lets staff publish, unpublish and correct any comment", async () => {
    const ivana = await member();
    const comment = await commentOn(post, ivana, "Čeka odobrenje");
    const published = await update(admin, comment.id, { published: true });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ published: true, own: false, canEdit: true });
    expect((await list(post)).body.data.records.map((c) => c.id)).toContain(comment.id);

    const corrected = await update(admin, comment.id, { content: "Ispravljeno" });
    expect(corrected.body.data).toMatchObject({ content: "Ispravljeno", published: true });

    await update(admin, comment.id, { published: false });
    expect((await list(post)).body.data.records.map((c) => c.id)).not.toContain(comment.id);
  });

  it("refuses bad input, unknown comments and visitors", async () => {
    const ivana = await member();
    const comment = await commentOn(post, ivana);
    expect((await update(ivana.token, comment.id, {})).status).toBe(400);
    expect((await update(ivana.token, comment.id, { content: "" })).status).toBe(400);
    expect((await update(ivana.token, comment.id, { content: "x".repeat(2001) })).status).toBe(400);
    expect((await update(ivana.token, comment.id, { published: "yes" })).status).toBe(400);
    expect((await update(ivana.token, "abc", { content: "Bok" })).status).toBe(400);
    expect((await update(ivana.token, 987654, { content: "Bok" })).status).toBe(404);
    expect((await update(undefined, comment.id, { content: "Bok" })).status).toBe(401);
  });
});
