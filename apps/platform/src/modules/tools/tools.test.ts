import type { DomainListAnswer, LatestTagAnswer, ReleaseView, SetDomainAnswer } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../../test-support.ts";
import { latestTagOf, parseChangelog } from "./release-history.ts";

let p: TestPlatform;
let staff: string;

beforeAll(async () => {
  p = await createTestPlatform();
  staff = (await p.login(await p.createUser({ staffScopes: [] }))).accessToken;
});
afterAll(() => p.close());

describe("release history", () => {
  it("answers the project's releases, newest first, in the shape of SPEC §3 Release", async () => {
    const res = await p.call<ReleaseView[]>("POST", "/api/_cli/get-latest-release", { body: { gitlabBranch: "main" }, token: staff });
    expect(res.status).toBe(200);
    const releases = res.body.data;
    expect(releases[0]).toMatchObject({ tag_name: "Unreleased", released_at: null });
    expect(releases.find((r) => r.tag_name === "v0.1.0")).toMatchObject({ released_at: "2026-11-22" });
    const released = releases.filter((r) => r.released_at !== null).map((r) => r.released_at as string);
    expect(released).toEqual([...released].sort().reverse());
    for (const r of releases) {
      expect(r.description_html).toMatch(/^<h3>/);
      expect(r.description_html).not.toMatch(/<script|on\w+=/i);
    }
  });

  it("renders markdown and sanitises what it makes", () => {
    const [release] = parseChangelog(
      "# Changelog\n\n## [1.2.0] - 2026-12-01\n\n### Added\n\n- **Bold** `code` <script>alert(1)</script>\n- [link](javascript:alert(1))\n",
    );
    expect(release).toMatchObject({ tag_name: "v1.2.0", released_at: "2026-12-01" });
    expect(release?.description_html).toContain("<h3>Added</h3>");
    expect(release?.description_html).toContain("<strong>Bold</strong>");
    expect(release?.description_html).not.toMatch(/script|javascript:/);
  });

  it("gives the version and the newest released tag", async () => {
    const res = await p.call<LatestTagAnswer>("GET", "/api/_cli/get-latest-tag", { token: staff });
    expect(res.body.data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(res.body.data.tag_name).toBe(`v${res.body.data.version}`);
    expect(latestTagOf(parseChangelog("## [Unreleased]\n\n- x\n"))).toBeNull();
  });
});

describe("domain picker", () => {
  it("lists the configured domains with the forced one, and checks a choice against them", async () => {
    await p.db
      .insertInto("sites")
      .values({ name: "Druga praonica", url: "https://druga.example:8443", api_key: "druga-key", default_language: "hr" })
      .execute();
    const list = await p.call<DomainListAnswer>("GET", "/api/_cli/get-domain", { token: staff });
    expect(list.status).toBe(200);
    const forced = list.body.data.forced;
    expect(list.body.data.domains.map((d) => d.domain)).toEqual(expect.arrayContaining([forced, "druga.example:8443"]));
    const same = await p.call<SetDomainAnswer>("POST", "/api/_cli/set-domain", { body: { domain: forced }, token: staff });
    expect(same.body.data).toEqual({ domain: forced, forced, rebuildNeeded: false });
    const other = await p.call<SetDomainAnswer>("POST", "/api/_cli/set-domain", { body: { domain: "DRUGA.example:8443" }, token: staff });
    expect(other.body.data).toEqual({ domain: "druga.example:8443", forced, rebuildNeeded: true });
    const unknown = await p.call("POST", "/api/_cli/set-domain", { body: { domain: "evil.example" }, token: staff, language: "en" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.payload.key).toBe("error.tools.unknownDomain");
  });

  it("refuses visitors and customers", async () => {
    expect((await p.call("GET", "/api/_cli/get-domain")).status).toBe(401);
    const customer = (await p.login(await p.createUser())).accessToken;
    expect((await p.call("POST", "/api/_cli/get-latest-release", { body: {}, token: customer })).status).toBe(403);
  });
});
