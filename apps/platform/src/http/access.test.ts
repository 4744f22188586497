import { type EndpointDef, STAFF_SCOPES, type StaffNeed, type StaffScope } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../test-support.ts";

/**
 * Issue 12: every backoffice entry of the endpoint table (a new one is covered by being in it),
 * called by every kind of caller. Refused callers get the error envelope with 401 (nobody logged
 * in), 403 FORBIDDEN (a customer) or 403 STAFF_SCOPE_MISSING (staff whose role lacks the scope);
 * allowed callers are not refused, whatever their input then makes of the call.
 */

type Caller = "anonymous" | "customer" | "staffWithout" | "staffWith" | "administrator";

const staffEntries = Object.entries(api).flatMap(([group, entries]) =>
  Object.entries(entries as Record<string, EndpointDef>)
    .filter(([, def]) => typeof def.access === "object")
    .map(([name, def]) => ({ id: `${group}.${name}`, def, need: (def.access as { staff: StaffNeed }).staff })),
);

/** The scopes of a staff member who lacks `need` (null: every staff member has it) and of one who has it (null: only an administrator). */
function scopesFor(need: StaffNeed): { without: StaffScope[] | null; with: StaffScope[] | null } {
  if (need === "any") return { without: null, with: [] };
  if (need === "administrator") return { without: [...STAFF_SCOPES], with: null };
  return { without: STAFF_SCOPES.filter((s) => s !== need), with: [need] };
}

let p: TestPlatform;
const tokens = new Map<string, string>();

async function tokenOf(key: string, input: Parameters<TestPlatform["createUser"]>[0]): Promise<string> {
  const known = tokens.get(key);
  if (known) return known;
  const token = (await p.login(await p.createUser(input))).accessToken;
  tokens.set(key, token);
  return token;
}

beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(() => p.close());

const filled = (path: string) => path.replace(/:(\w+)/g, "1");

describe("backoffice access, every entry × every caller", () => {
  it("finds the backoffice entries and each needs a known scope or role", () => {
    expect(staffEntries.length).toBeGreaterThan(20);
    for (const { need } of staffEntries) expect(["any", "administrator", ...STAFF_SCOPES]).toContain(need);
  });

  it.each(staffEntries)("$id ($def.method $def.path, needs $need)", async ({ def, need }) => {
    const scopes = scopesFor(need);
    const callers: [Caller, string | null][] = [
      ["anonymous", null],
      ["customer", await tokenOf("customer", {})],
      ["administrator", await tokenOf("administrator", { isBackoffice: true })],
    ];
    if (scopes.without) callers.push(["staffWithout", await tokenOf(`staff:${scopes.without.join(",")}`, { staffScopes: scopes.without })]);
    if (scopes.with) callers.push(["staffWith", await tokenOf(`staff:${scopes.with.join(",")}`, { staffScopes: scopes.with })]);
    for (const [caller, token] of callers) {
      const res = await p.call<unknown>(def.method, `/api${filled(def.path)}`, {
        token: token ?? undefined,
        body: def.method === "GET" || def.method === "DELETE" ? undefined : {},
      });
      const refused = {
        anonymous: [401, "UNAUTHORIZED"],
        customer: [403, "FORBIDDEN"],
        staffWithout: [403, "STAFF_SCOPE_MISSING"],
      } as const;
      if (caller in refused) {
        const [status, code] = refused[caller as keyof typeof refused];
        expect({ caller, status: res.status }).toEqual({ caller, status });
        expect(res.body).toMatchObject({ errored: true, statusCode: status, error: { code, payload: { message: expect.any(String) } } });
      } else {
        expect({ caller, refused: [401, 403].includes(res.status) }).toEqual({ caller, refused: false });
      }
    }
  });
});
