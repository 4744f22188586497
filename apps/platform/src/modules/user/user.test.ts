import { type CartView, MAX_SAVED_ADDRESSES, type Tokens, type UserView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../auth/tokens.ts";
import { createTestPlatform, DEFAULT_PASSWORD, PUBLIC_URL, type ReceivedMail, type TestPlatform } from "../../test-support.ts";
import { loadUserView } from "./user.repository.ts";
import { createBackofficeUser } from "./user.service.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(() => p.close());

/** A fresh 13-digit number with a correct EAN-13 check digit (cards are unique). */
let cardSeq = 0;
function newCard(): string {
  const body = `385${String(++cardSeq).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
let seq = 0;
const newEmail = () => `korisnik-${++seq}-${Date.now()}@example.hr`;

const address = (over: Record<string, unknown> = {}) => ({
  type: "shipping",
  firstName: "Ivana",
  lastName: "Babić",
  contactEmail: "ivana@example.hr",
  contactPhone: "+385 91 234 5678",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "10",
  zipCode: "10000",
  ...over,
});

const registration = (over: Record<string, unknown> = {}) => ({
  details: { firstName: "Ivana", lastName: "Babić" },
  email: newEmail(),
  password: DEFAULT_PASSWORD,
  passwordConfirmation: DEFAULT_PASSWORD,
  ...over,
});

type Registered = { user: UserView; verificationSent: boolean };
const register = (body: unknown, options: { language?: string; ip?: string } = {}) =>
  p.call<Registered>("POST", "/api/v1/user/web/register", { body, ...options });

/** Registers and reads the verification token from the e-mail, the only place it is sent to. */
async function registerAndVerifyToken(body: { email: string }, options: { language?: string } = {}) {
  const res = await register(body, options);
  expect(res.status).toBe(200);
  const mail = await p.waitForMail(mailTo(body.email));
  const verificationToken = /verificationToken=([\w-]+)/.exec(mail.text)?.[1] ?? "";
  return { res, mail, user: await userNamed(body.email), verificationToken };
}

/** The answer holds no user (it must not differ for a known address): read it as the platform sees it. */
async function userNamed(email: string): Promise<UserView> {
  const row = await p.db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
  const view = await loadUserView(p.db, row.id);
  if (!view) throw new Error(`no user ${email}`);
  return view;
}

const userCount = async () =>
  Number(
    (
      await p.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const mailTo = (to: string, subject?: string) => (m: ReceivedMail) => m.to.includes(to) && (!subject || m.subject.includes(subject));
const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};
const expireToken = (token: string) =>
  p.db.updateTable("user_tokens").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("token_hash", "=", hashToken(token)).execute();

async function loggedInUser() {
  const user = await p.createUser({ email: newEmail() });
  const tokens = await p.login(user);
  return { ...user, tokens };
}

describe("POST /v1/user/web/register", () => {
  it("records the ticked consents for the new account in its registration, or registers nothing", async () => {
    const now = new Date().toISOString();
    const consent = await p.db
      .insertInto("consents")
      .values({ unique_number: `reg-${Date.now()}`, version: 3, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const body = registration({ consents: [consent.id] });
    expect((await register(body)).status).toBe(200);
    const user = await userNamed(body.email);
    const rows = await p.db.selectFrom("consent_log").selectAll().where("consent_id", "=", consent.id).execute();
    expect(rows).toMatchObject([{ user_id: user?.id, email: body.email, user_type: "webUser", status: "accepted", consent_version: 3 }]);

    // One unknown consent and the whole registration is refused: no account, no mail, no log.
    const refused = registration({ consents: [consent.id, 2_000_000_000] });
    const res = await register(refused);
    expect(res.status).toBe(400);
    expect(await p.db.selectFrom("users").select("id").where("email", "=", refused.email).execute()).toEqual([]);
    expect(await p.db.selectFrom("consent_log").select("id").where("consent_id", "=", consent.id).execute()).toHaveLength(1);
  });

  it("creates the user with addresses and company and e-mails the verification link (never answers the token)", async () => {
    const body = registration({
      company: { name: "Sjaj d.o.o." },
      addresses: [address(), address({ type: "main", street: "Vukovarska" })],
    });
    const { res, mail, user, verificationToken } = await registerAndVerifyToken(body);
    expect(res.body.data.verificationSent).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(verificationToken);
    expect(user).toMatchObject({
      email: body.email,
      username: body.email,
      details: { firstName: "Ivana", lastName: "Babić" },
      company: { name: "Sjaj d.o.o." },
      memberCardBarcode: null,
      emailVerified: false,
      isBackofficeUser: false,
      language: "hr",
    });
    expect(user.addresses.map((a) => a.street)).toEqual(["Ilica", "Vukovarska"]);
    // SPEC §3 address mode: the delivery address and the main (billing) one become the defaults.
    expect(user.defaultDeliveryAddressId).toBe(user.addresses[0]?.id);
    expect(user.defaultBillingAddressId).toBe(user.addresses[1]?.id);
    expect(verificationToken).toMatch(/^[\w-]{40,}$/);

    const link = `${PUBLIC_URL}/prijava?verificationToken=${verificationToken}`;
    expect(mail.subject).toBe(`Potvrdite svoju e-mail adresu – ${p.siteName}`);
    expect(mail.text).toContain("Pozdrav, Ivana!");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Poveznica vrijedi 7 dana");
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("sets no defaults without addresses", async () => {
    const { user } = await registerAndVerifyToken(registration());
    expect(user).toMatchObject({ addresses: [], defaultDeliveryAddressId: null, defaultBillingAddressId: null });
  });

  it("keeps only a hash of the verification token", async () => {
    const { user, verificationToken } = await registerAndVerifyToken(registration());
    const rows = await p.db.selectFrom("user_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "verify", token_hash: hashToken(verificationToken), used_at: null });
    expect(JSON.stringify(rows)).not.toContain(verificationToken);
  });

  it("writes the e-mail in the request language with a localized link", async () => {
    const body = registration({ details: { firstName: "John", lastName: "Smith" } });
    const { mail, user, verificationToken } = await registerAndVerifyToken(body, { language: "en" });
    expect(mail.subject).toContain("Confirm your e-mail address");
    expect(mail.text).toContain(`${PUBLIC_URL}/en/login?verificationToken=${verificationToken}`);
    expect(user.language).toBe("en");
  });

  it("lets the new user log in", async () => {
    const body = registration();
    await register(body);
    const tokens = await p.login({ email: body.email, password: body.password });
    expect(tokens.accessToken).toBeTruthy();
  });

  it("answers an existing e-mail (any case) exactly like a new one: no account, no verification, a mail to the owner", async () => {
    const owner = await p.createUser({ email: newEmail() });
    const before = await userCount();
    const known = await register(registration({ email: owner.email.toUpperCase(), details: { firstName: "Napadac", lastName: "Netko" } }));
    const fresh = await register(registration());
    expect(known.status).toBe(fresh.status);
    expect(withoutRequestId(known.body)).toEqual(withoutRequestId(fresh.body));
    expect(await userCount()).toBe(before + 1);
    const mail = await p.waitForMail(mailTo(owner.email, "Pokušaj registracije"));
    expect(mail.text).toContain("Pozdrav, Ivana!");
    expect(mail.text).toContain(`${PUBLIC_URL}/zaboravljena-lozinka`);
    expect(mail.text).not.toContain("verificationToken");
    const tokens = await p.db.selectFrom("user_tokens").select("id").where("user_id", "=", owner.id).execute();
    expect(tokens).toEqual([]);
    // The owner's password and account stay as they were.
    expect((await p.login(owner)).accessToken).toBeTruthy();
  });

  it("creates one user when the same e-mail registers twice at once, answering both alike", async () => {
    const body = registration();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const rows = await p.db.selectFrom("users").select("id").where("email", "=", body.email).execute();
    expect(rows).toHaveLength(1);
  });

  it("leaves no user row when the second address is invalid", async () => {
    const before = await userCount();
    const body = registration({ addresses: [address(), address({ zipCode: "", country: "x".repeat(76) })] });
    const res = await register(body);
    expect(res.status).toBe(400);
    const paths = res.body.error?.payload.fields?.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["addresses.1.zipCode", "addresses.1.country"]));
    expect(await userCount()).toBe(before);
    expect(await p.db.selectFrom("users").select("id").where("email", "=", body.email).executeTakeFirst()).toBeUndefined();
  });

  it.each(["4006381333932", "0000000000000", "4006381333931"])(
    "validates the membership barcode %s first (a new account holds no card yet) and creates nothing",
    async (barcode) => {
      const before = await userCount();
      const res = await register(registration({ memberCardBarcode: barcode }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "BARCODE_INVALID",
        payload: { key: "core.notifications.membershipCardBarcodeInvalid" },
      });
      expect(await userCount()).toBe(before);
    },
  );

  it.each([
    ["a common password", "password123"],
    ["a common password in capitals", "QWERTYUIOP"],
    ["one repeated character", "aaaaaaaa"],
    ["blanks only", "        "],
  ])("refuses %s", async (_what, password) => {
    const res = await register(registration({ password, passwordConfirmation: password }));
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "password", key: "validation.weakPassword" });
  });

  it("keeps spaces at either end of a password: what was chosen is what logs in", async () => {
    const body = registration({ password: " Lozinka s razmacima ", passwordConfirmation: " Lozinka s razmacima " });
    expect((await register(body)).status).toBe(200);
    expect((await p.login({ email: body.email, password: " Lozinka s razmacima " })).accessToken).toBeTruthy();
  });

  it("refuses a wrong password confirmation", async () => {
    const res = await register(registration({ passwordConfirmation: "nesto-drugo" }));
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "passwordConfirmation", key: "validation.repeatPassword" });
  });

  it("answers 429 after too many registrations from one IP", async () => {
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(registration(), { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("GET /v1/user/web/verify/:token", () => {
  it("verifies the e-mail once; the link then stops working", async () => {
    const body = registration();
    const { user, verificationToken } = await registerAndVerifyToken(body);
    const res = await p.call("GET", `/api/v1/user/web/verify/${verificationToken}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ verified: true });
    const tokens = await p.login({ email: body.email, password: body.password });
    const profile = await p.call<UserView>("GET", "/api/v1/user/web/profile", { token: tokens.accessToken });
    expect(profile.body.data).toMatchObject({ id: user.id, emailVerified: true });

    expect(JSON.stringify(p.logs)).not.toContain(verificationToken);

    const again = await p.call("GET", `/api/v1/user/web/verify/${verificationToken}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: "TOKEN_INVALID",
      payload: { key: "error.tokenInvalid", message: "Poveznica je nevažeća ili je istekla." },
    });
  });

  it("refuses an expired or made-up token alike", async () => {
    const { verificationToken } = await registerAndVerifyToken(registration());
    await expireToken(verificationToken);
    const expired = await p.call("GET", `/api/v1/user/web/verify/${verificationToken}`);
    const madeUp = await p.call("GET", "/api/v1/user/web/verify/izmisljeni-token");
    expect(expired.status).toBe(400);
    expect(withoutRequestId(expired.body)).toEqual(withoutRequestId(madeUp.body));
  });
});

describe("PATCH /v1/user/web/update", () => {
  it("needs a login", async () => {
    expect((await p.call("PATCH", "/api/v1/user/web/update", { body: {} })).status).toBe(401);
  });

  it("updates details, username and a membership card issued to the user and answers the user", async () => {
    const u = await loggedInUser();
    const card = newCard();
    await p.issueMemberCard(u.id, card);
    const res = await p.call<UserView>("PATCH", "/api/v1/user/web/update", {
      token: u.tokens.accessToken,
      body: { details: { firstName: "Željka", lastName: "Šimić-Horvat" }, username: "zeljka", memberCardBarcode: card },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: u.id,
      email: u.email,
      username: "zeljka",
      details: { firstName: "Željka", lastName: "Šimić-Horvat" },
      memberCardBarcode: card,
    });
  });

  it("clears the barcode when it is sent empty", async () => {
    const u = await loggedInUser();
    const card = newCard();
    await p.issueMemberCard(u.id, card);
    await p.call("PATCH", "/api/v1/user/web/update", { token: u.tokens.accessToken, body: { memberCardBarcode: card } });
    const res = await p.call<UserView>("PATCH", "/api/v1/user/web/update", {
      token: u.tokens.accessToken,
      body: { memberCardBarcode: "" },
    });
    expect(res.body.data.memberCardBarcode).toBeNull();
  });

  it("refuses a barcode that is not a card issued to the user (a valid check digit is not enough) and changes nothing", async () => {
    const u = await loggedInUser();
    const someoneElse = await p.createUser({ email: newEmail() });
    const theirs = newCard();
    await p.issueMemberCard(someoneElse.id, theirs);
    for (const barcode of ["12345", "0000000000000", newCard(), theirs]) {
      const res = await p.call("PATCH", "/api/v1/user/web/update", {
        token: u.tokens.accessToken,
        body: { details: { firstName: "Promijenjeno", lastName: "Ime" }, memberCardBarcode: barcode },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "BARCODE_INVALID",
        payload: { key: "core.notifications.membershipCardBarcodeInvalid" },
      });
    }
    const row = await p.db.selectFrom("users").select("first_name").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Ivana");
  });

  it("accepts the user's own e-mail unchanged, without the password", async () => {
    const u = await loggedInUser();
    const res = await p.call<UserView>("PATCH", "/api/v1/user/web/update", { token: u.tokens.accessToken, body: { email: u.email } });
    expect(res.status).toBe(200);
    expect(res.body.data.emailVerified).toBe(true);
  });
});

describe("e-mail change", () => {
  const update = (token: string, body: unknown) => p.call<UserView>("PATCH", "/api/v1/user/web/update", { token, body });
  const confirm = (token: string, refreshToken?: string) =>
    p.call("GET", `/api/v1/user/web/confirmEmail/${token}`, { headers: refreshToken ? { refreshToken } : {} });
  const changeToken = (mail: ReceivedMail) => /[?&]emailToken=([\w-]+)/.exec(mail.text)?.[1] ?? "";

  it("needs the current password", async () => {
    const u = await loggedInUser();
    const missing = await update(u.tokens.accessToken, { email: newEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.payload.fields?.[0]).toMatchObject({ path: "password", key: "validation.required" });
    const wrong = await update(u.tokens.accessToken, { email: newEmail(), password: "Pogresna-lozinka-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "INCORRECT_OLD_PASSWORD", payload: { key: "error.incorrectPassword" } });
    const row = await p.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it("keeps the old address until the new one confirms; tells the old one; then ends the other sessions", async () => {
    const u = await loggedInUser();
    const other = await p.login(u);
    const email = newEmail();
    const res = await update(u.tokens.accessToken, { email, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: u.email, emailVerified: true });
    const notice = await p.waitForMail(mailTo(u.email, "Zatražena je promjena e-mail adrese"));
    expect(notice.text).toContain(email);
    expect(notice.text).toContain(`${PUBLIC_URL}/zaboravljena-lozinka`);
    const token = changeToken(await p.waitForMail(mailTo(email, "Potvrdite novu e-mail adresu")));
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Until confirmed, a reset link still goes to the old address only.
    expect((await p.call("POST", "/api/v1/user/password/forgot", { body: { email } })).status).toBe(200);

    expect((await confirm(token, u.tokens.refreshToken)).status).toBe(200);
    const row = await p.db.selectFrom("users").select(["email", "email_verified_at"]).where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(row.email_verified_at).not.toBeNull();
    expect((await p.call("GET", "/api/v1/refresh", { headers: { refreshToken: other.refreshToken } })).status).toBe(401);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: other.accessToken })).status).toBe(401);
    expect((await p.call("GET", "/api/v1/refresh", { headers: { refreshToken: u.tokens.refreshToken } })).status).toBe(200);
    expect((await p.login({ email, password: u.password })).accessToken).toBeTruthy();
    // Single use.
    expect((await confirm(token)).status).toBe(400);
  });

  it("binds the link to its user and address: an expired or superseded link changes nothing", async () => {
    const u = await loggedInUser();
    const first = newEmail();
    await update(u.tokens.accessToken, { email: first, password: u.password });
    const firstToken = changeToken(await p.waitForMail(mailTo(first)));
    await expireToken(firstToken);
    expect((await confirm(firstToken)).status).toBe(400);
    const second = newEmail();
    await update(u.tokens.accessToken, { email: second, password: u.password });
    const secondToken = changeToken(await p.waitForMail(mailTo(second)));
    const third = newEmail();
    await update(u.tokens.accessToken, { email: third, password: u.password });
    await p.waitForMail(mailTo(third));
    expect((await confirm(secondToken)).status).toBe(400);
    const row = await p.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it("answers an address that has an account like any other (no 'User already exist.') and sends it no link", async () => {
    const u = await loggedInUser();
    const taken = await p.createUser({ email: newEmail() });
    const known = await update(u.tokens.accessToken, { email: taken.email, password: u.password });
    const fresh = await update(u.tokens.accessToken, { email: newEmail(), password: u.password });
    expect(known.status).toBe(200);
    expect(withoutRequestId(known.body)).toEqual(withoutRequestId(fresh.body));
    await p.waitForMail(mailTo(u.email, "Zatražena je promjena e-mail adrese"));
    await new Promise((r) => setTimeout(r, 200));
    expect(p.mails.some((m) => m.to.includes(taken.email))).toBe(false);
  });
});

describe("addresses (CVE-2026-22588: another user's address id is refused)", () => {
  it("creates an address and answers the refreshed user", async () => {
    const u = await loggedInUser();
    const res = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: { address: address({ companyName: "Sjaj d.o.o.", companyOIB: "12345678903" }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.addresses).toHaveLength(1);
    expect(res.body.data.addresses[0]).toMatchObject({ street: "Ilica", companyOIB: "12345678903", type: "shipping" });
  });

  it("refuses an invalid OIB", async () => {
    const u = await loggedInUser();
    const res = await p.call("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: { address: address({ companyOIB: "12345678901" }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "address.companyOIB", key: "validation.oib" });
  });

  it("updates the user's own address", async () => {
    const u = await loggedInUser();
    const created = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: { address: address() },
    });
    const id = created.body.data.addresses[0]?.id;
    const res = await p.call<UserView>("PATCH", `/api/v1/user/web/address/update/${id}`, {
      token: u.tokens.accessToken,
      body: { address: address({ street: "Savska cesta", houseNumber: "41a" }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.addresses).toEqual([expect.objectContaining({ id, street: "Savska cesta", houseNumber: "41a" })]);
  });

  it("answers 404 for someone else's address and leaves it unchanged", async () => {
    const owner = await loggedInUser();
    const attacker = await loggedInUser();
    const created = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
      token: owner.tokens.accessToken,
      body: { address: address() },
    });
    const id = created.body.data.addresses[0]?.id;
    const res = await p.call("PATCH", `/api/v1/user/web/address/update/${id}`, {
      token: attacker.tokens.accessToken,
      body: { address: address({ street: "Preoteta ulica" }) },
    });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("NOT_FOUND");
    const missing = await p.call("PATCH", "/api/v1/user/web/address/update/2000000000", {
      token: attacker.tokens.accessToken,
      body: { address: address() },
    });
    // Someone else's address looks exactly like one that does not exist.
    expect(withoutRequestId(res.body)).toEqual(withoutRequestId(missing.body));
    const row = await p.db.selectFrom("addresses").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: owner.id, street: "Ilica" });
  });

  it("keeps the old address when the update is invalid", async () => {
    const u = await loggedInUser();
    const created = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: { address: address() },
    });
    const id = created.body.data.addresses[0]?.id;
    const res = await p.call("PATCH", `/api/v1/user/web/address/update/${id}`, {
      token: u.tokens.accessToken,
      body: { address: address({ street: "", city: "Split" }) },
    });
    expect(res.status).toBe(400);
    const row = await p.db.selectFrom("addresses").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ street: "Ilica", city: "Zagreb" });
  });

  it.each(["abc", "-1", "0", "99999999999999999999"])("answers 400 (never 500) for the address id %s", async (id) => {
    const u = await loggedInUser();
    const res = await p.call("PATCH", `/api/v1/user/web/address/update/${id}`, {
      token: u.tokens.accessToken,
      body: { address: address() },
    });
    expect(res.status).toBe(400);
  });

  it("needs a login", async () => {
    const res = await p.call("POST", "/api/v1/user/web/address/create", { body: { address: address() } });
    expect(res.status).toBe(401);
  });

  it("refuses names with digits or symbols and fields over the SPEC §9 maxima, naming each field", async () => {
    const u = await loggedInUser();
    const res = await p.call("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: {
        address: address({
          firstName: "Ivana2",
          lastName: "B@bić",
          street: "x".repeat(76),
          houseNumber: "1".repeat(16),
          zipCode: "1".repeat(26),
          city: "y".repeat(76),
        }),
      },
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries((res.body.error?.payload.fields ?? []).map((f) => [f.path, f.key]));
    expect(fields).toMatchObject({
      "address.firstName": "validation.lettersOnly",
      "address.lastName": "validation.lettersOnly",
      "address.street": "validation.maxLength",
      "address.houseNumber": "validation.maxLength",
      "address.zipCode": "validation.maxLength",
      "address.city": "validation.maxLength",
    });
    expect(await p.db.selectFrom("addresses").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
  });

  it("accepts names in any script with spaces, apostrophes and hyphens", async () => {
    const u = await loggedInUser();
    const res = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
      token: u.tokens.accessToken,
      body: { address: address({ firstName: "Ana-Marija", lastName: "D'Urso Šimić" }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.addresses[0]).toMatchObject({ firstName: "Ana-Marija", lastName: "D'Urso Šimić" });
  });

  it("keeps at most MAX_SAVED_ADDRESSES addresses per customer", async () => {
    const u = await loggedInUser();
    await p.db
      .insertInto("addresses")
      .values(
        Array.from({ length: MAX_SAVED_ADDRESSES }, () => ({
          user_id: u.id,
          type: "main",
          first_name: "Ivana",
          last_name: "Babić",
          contact_email: "ivana@example.hr",
          contact_phone: "091",
          country: "HR",
          region: null,
          city: "Zagreb",
          street: "Ilica",
          house_number: "1",
          zip_code: "10000",
          company_name: null,
          company_oib: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })),
      )
      .execute();
    const res = await p.call("POST", "/api/v1/user/web/address/create", { token: u.tokens.accessToken, body: { address: address() } });
    expect(res.status).toBe(409);
    expect(res.body.error?.payload).toMatchObject({ key: "error.addressLimit", params: { max: MAX_SAVED_ADDRESSES } });
    expect(await p.db.selectFrom("addresses").select("id").where("user_id", "=", u.id).execute()).toHaveLength(MAX_SAVED_ADDRESSES);
  });
});

describe("deleting addresses and the default delivery and billing address", () => {
  async function withAddresses(n: number) {
    const u = await loggedInUser();
    let view: UserView | undefined;
    for (let i = 0; i < n; i++) {
      const res = await p.call<UserView>("POST", "/api/v1/user/web/address/create", {
        token: u.tokens.accessToken,
        body: { address: address({ street: `Ulica ${i + 1}` }) },
      });
      view = res.body.data;
    }
    return { ...u, ids: (view?.addresses ?? []).map((a) => a.id) };
  }
  const setDefault = (token: string, id: number | string, kind: string) =>
    p.call<UserView>("PATCH", `/api/v1/user/web/address/default/${id}`, { token, body: { kind } });
  const remove = (token: string, id: number | string) => p.call<UserView>("DELETE", `/api/v1/user/web/address/delete/${id}`, { token });

  it("starts with no defaults, sets each one and answers the user", async () => {
    const u = await withAddresses(2);
    const [first, second] = u.ids as [number, number];
    expect((await p.call<UserView>("GET", "/api/v1/user/web/profile", { token: u.tokens.accessToken })).body.data).toMatchObject({
      defaultDeliveryAddressId: null,
      defaultBillingAddressId: null,
    });
    expect((await setDefault(u.tokens.accessToken, second, "delivery")).body.data).toMatchObject({
      defaultDeliveryAddressId: second,
      defaultBillingAddressId: null,
    });
    const both = await setDefault(u.tokens.accessToken, first, "billing");
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ defaultDeliveryAddressId: second, defaultBillingAddressId: first });
  });

  it("refuses a kind that is neither delivery nor billing", async () => {
    const u = await withAddresses(1);
    const res = await setDefault(u.tokens.accessToken, u.ids[0] as number, "shipping");
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "kind" });
  });

  it("deletes an address and clears the defaults it was, leaving the others", async () => {
    const u = await withAddresses(2);
    const [first, second] = u.ids as [number, number];
    await setDefault(u.tokens.accessToken, first, "delivery");
    await setDefault(u.tokens.accessToken, first, "billing");
    const res = await remove(u.tokens.accessToken, first);
    expect(res.status).toBe(200);
    expect(res.body.data.addresses.map((a) => a.id)).toEqual([second]);
    expect(res.body.data).toMatchObject({ defaultDeliveryAddressId: null, defaultBillingAddressId: null });
    expect((await remove(u.tokens.accessToken, first)).status).toBe(404);
  });

  it("refuses another customer's address exactly like a missing one, and changes nothing of it", async () => {
    const owner = await withAddresses(1);
    const other = await withAddresses(1);
    const id = owner.ids[0] as number;
    await setDefault(owner.tokens.accessToken, id, "delivery");
    const missingId = 2_000_000_000;
    for (const [foreign, missing] of [
      [await remove(other.tokens.accessToken, id), await remove(other.tokens.accessToken, missingId)],
      [await setDefault(other.tokens.accessToken, id, "billing"), await setDefault(other.tokens.accessToken, missingId, "billing")],
    ]) {
      expect(foreign?.status).toBe(404);
      expect(missing?.status).toBe(404);
      expect(withoutRequestId(foreign?.body)).toEqual(withoutRequestId(missing?.body));
    }
    expect(await p.db.selectFrom("addresses").select("user_id").where("id", "=", id).executeTakeFirst()).toEqual({ user_id: owner.id });
    expect((await loadUserView(p.db, other.id))?.defaultBillingAddressId).toBeNull();
    expect((await loadUserView(p.db, owner.id))?.defaultDeliveryAddressId).toBe(id);
  });

  it("needs a login", async () => {
    expect((await p.call("DELETE", "/api/v1/user/web/address/delete/1")).status).toBe(401);
    expect((await p.call("PATCH", "/api/v1/user/web/address/default/1", { body: { kind: "delivery" } })).status).toBe(401);
  });
});

describe("POST /v1/user/password/reset", () => {
  const change = (token: string, oldPassword: string, newPassword: string, refreshToken?: string) =>
    p.call("POST", "/api/v1/user/password/reset", {
      token,
      body: { oldPassword, newPassword },
      headers: refreshToken ? { refreshToken } : {},
    });

  it("refuses a wrong old password with 'Incorrect old password.'", async () => {
    const u = await loggedInUser();
    const res = await change(u.tokens.accessToken, "nije-moja-lozinka", "Nova-lozinka-1");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INCORRECT_OLD_PASSWORD", payload: { message: "Incorrect old password." } });
    expect((await p.call("POST", "/api/v1/login", { body: { username: u.email, password: u.password } })).status).toBe(200);
  });

  it("refuses a new password equal to the old one", async () => {
    const u = await loggedInUser();
    const res = await change(u.tokens.accessToken, u.password, u.password);
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "newPassword", key: "validation.differentPassword" });
  });

  it("changes the password, logs out other sessions and keeps the caller's", async () => {
    const u = await loggedInUser();
    const other = await p.login(u);
    const res = await change(u.tokens.accessToken, u.password, "Nova-lozinka-1", u.tokens.refreshToken);
    expect(res.status).toBe(200);
    expect((await p.call("POST", "/api/v1/login", { body: { username: u.email, password: u.password } })).status).toBe(401);
    expect((await p.login({ email: u.email, password: "Nova-lozinka-1" })).accessToken).toBeTruthy();
    expect((await p.call("GET", "/api/v1/refresh", { headers: { refreshToken: other.refreshToken } })).status).toBe(401);
    // Access tokens issued before the change stop at once; the caller's session gets a new one with its refresh token.
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: other.accessToken })).status).toBe(401);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: u.tokens.accessToken })).status).toBe(401);
    const renewed = await p.call<{ tokens: Tokens }>("GET", "/api/v1/refresh", { headers: { refreshToken: u.tokens.refreshToken } });
    expect(renewed.status).toBe(200);
    expect((await p.call("GET", "/api/v1/user/web/profile", { token: renewed.body.data.tokens.accessToken })).status).toBe(200);
  });

  it("refuses a common new password", async () => {
    const u = await loggedInUser();
    const res = await change(u.tokens.accessToken, u.password, "iloveyou");
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "newPassword", key: "validation.weakPassword" });
  });

  it("needs a login", async () => {
    const res = await p.call("POST", "/api/v1/user/password/reset", {
      body: { oldPassword: "Stara-lozinka-1", newPassword: "Nova-lozinka-1" },
    });
    expect(res.status).toBe(401);
  });
});

describe("password forgot and set (CVE-2026-31888, CVE-2026-35407)", () => {
  const forgot = (email: string, ip?: string) => p.call("POST", "/api/v1/user/password/forgot", { body: { email }, ip });
  const setPassword = (token: string, password: string) => p.call("POST", "/api/v1/user/password/set", { body: { token, password } });
  const resetToken = (mail: ReceivedMail) => /[?&]token=([\w-]+)/.exec(mail.text)?.[1] ?? "";

  it("answers a known and an unknown e-mail identically", async () => {
    const u = await p.createUser({ email: newEmail() });
    const known = await forgot(u.email);
    const unknown = await forgot("nepoznat@example.hr");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(known.body));
  });

  it("answers a known e-mail as fast as an unknown one (the work happens after the answer)", async () => {
    const u = await p.createUser({ email: newEmail() });
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await forgot(email);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2] as number;
    };
    await median("zagrijavanje@example.hr");
    const unknown = await median("nepoznat-brzina@example.hr");
    const known = await median(u.email);
    // Before, a known address took about 3x as long (its token and mail were written before the answer).
    expect(known).toBeLessThan(unknown * 1.5 + 1);
  });

  it("e-mails a localized reset link and nothing to an unknown address", async () => {
    const u = await p.createUser({ email: newEmail(), firstName: "Petra" });
    await forgot(u.email);
    const mail = await p.waitForMail(mailTo(u.email, "Postavljanje nove lozinke"));
    expect(mail.text).toContain("Pozdrav, Petra!");
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/zaboravljena-lozinka\\?token=[\\w-]{40,}`));
    expect(mail.text).toContain("Poveznica vrijedi 60 minuta");
    await forgot("nitko-nije-ovdje@example.hr");
    await new Promise((r) => setTimeout(r, 200));
    expect(p.mails.some((m) => m.to.includes("nitko-nije-ovdje@example.hr"))).toBe(false);
  });

  it("sets the password with the token once; the token then fails and all sessions end", async () => {
    const u = await loggedInUser();
    await forgot(u.email);
    const token = resetToken(await p.waitForMail(mailTo(u.email)));
    const res = await setPassword(token, "Sasvim-nova-1");
    expect(res.status).toBe(200);
    expect((await p.login({ email: u.email, password: "Sasvim-nova-1" })).accessToken).toBeTruthy();
    expect((await p.call("GET", "/api/v1/refresh", { headers: { refreshToken: u.tokens.refreshToken } })).status).toBe(401);

    const again = await setPassword(token, "Jos-jedna-nova-1");
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe("TOKEN_INVALID");
  });

  it("refuses an expired token", async () => {
    const u = await p.createUser({ email: newEmail() });
    await forgot(u.email);
    const token = resetToken(await p.waitForMail(mailTo(u.email)));
    await expireToken(token);
    const res = await setPassword(token, "Sasvim-nova-1");
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("TOKEN_INVALID");
    expect((await p.call("POST", "/api/v1/login", { body: { username: u.email, password: u.password } })).status).toBe(200);
  });

  it("makes an earlier reset link useless once a new one is asked for", async () => {
    const u = await p.createUser({ email: newEmail() });
    await forgot(u.email);
    const first = resetToken(await p.waitForMail(mailTo(u.email)));
    await forgot(u.email);
    const second = resetToken(await p.waitForMail((m) => m.to.includes(u.email) && !m.text.includes(first)));
    expect((await setPassword(first, "Sasvim-nova-1")).status).toBe(400);
    expect((await setPassword(second, "Sasvim-nova-1")).status).toBe(200);
  });

  it("does not accept a verification token as a reset token", async () => {
    const body = registration();
    const { verificationToken } = await registerAndVerifyToken(body);
    expect((await setPassword(verificationToken, "Sasvim-nova-1")).status).toBe(400);
  });

  it("keeps only a hash of the reset token", async () => {
    const u = await p.createUser({ email: newEmail() });
    await forgot(u.email);
    const token = resetToken(await p.waitForMail(mailTo(u.email)));
    const row = await p.db
      .selectFrom("user_tokens")
      .selectAll()
      .where("user_id", "=", u.id)
      .where("purpose", "=", "reset")
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
  });

  it("limits requests per e-mail, known or not, with the same 429", async () => {
    const u = await p.createUser({ email: newEmail() });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await forgot(u.email)).status);
      unknown.push((await forgot("nema-me@example.hr")).status);
    }
    expect(known).toEqual([200, 200, 200, 200, 200, 429]);
    expect(unknown).toEqual(known);
  });

  it("limits requests per IP", async () => {
    const ip = "203.0.113.9";
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await forgot(`nepoznat-${i}@example.hr`, ip)).status;
    expect(last).toBe(429);
  });
});

describe("POST /v1/user/web/validateMembersBarcode", () => {
  const validate = (barcode: unknown, options: { token?: string; ip?: string } = {}) =>
    p.call<{ isValid: boolean }>("POST", "/api/v1/user/web/validateMembersBarcode", { body: { barcode }, ...options });

  it("is valid only for a card issued to the logged-in user", async () => {
    const u = await loggedInUser();
    const card = newCard();
    await p.issueMemberCard(u.id, card);
    expect((await validate(card, { token: u.tokens.accessToken })).body.data).toEqual({ isValid: true });
  });

  it("tells nobody which numbers are cards: someone else's, an unissued one with a valid check digit, and any for a visitor answer false", async () => {
    const holder = await p.createUser({ email: newEmail() });
    const card = newCard();
    await p.issueMemberCard(holder.id, card);
    const u = await loggedInUser();
    for (const barcode of [card, "0000000000000", newCard(), "4006381333932", "abcdefghijklm"]) {
      const res = await validate(barcode, { token: u.tokens.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.data.isValid).toBe(false);
    }
    expect((await validate(card)).body.data.isValid).toBe(false);
  });

  it("limits tries per address", async () => {
    const ip = "203.0.113.44";
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await validate(newCard(), { ip })).status;
    expect(last).toBe(429);
  });

  it("refuses an empty barcode as a validation error", async () => {
    const res = await validate("");
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields?.[0]).toMatchObject({ path: "barcode", key: "validation.required" });
  });
});

describe("membership prices in the cart", () => {
  const cart = (name: string, body: unknown, token?: string) => p.call<CartView>("POST", `/api/v2/cart/${name}`, { body, token });
  async function cartOf(token: string) {
    const res = await p.call<{ cartId: number; protectCode: string }>("GET", "/api/v2/cart/getNewCartSession", { token });
    return res.body.data;
  }

  it("applies only a card issued to the logged-in user", async () => {
    const u = await loggedInUser();
    const other = await p.createUser({ email: newEmail() });
    const theirs = newCard();
    await p.issueMemberCard(other.id, theirs);
    const session = await cartOf(u.tokens.accessToken);
    for (const barcode of ["0000000000000", newCard(), theirs]) {
      const res = await cart("applyMemberCard", { ...session, barcode }, u.tokens.accessToken);
      expect(res.status).toBe(400);
      expect(res.body.error?.payload.key).toBe("core.notifications.membershipCardBarcodeInvalid");
    }
    const mine = newCard();
    await p.issueMemberCard(u.id, mine);
    const applied = await cart("applyMemberCard", { ...session, barcode: mine }, u.tokens.accessToken);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ memberCard: mine, validateMemberCard: true });
  });

  it("gives no membership prices for a stored barcode that is no card of the user (or for a visitor)", async () => {
    const u = await loggedInUser();
    const session = await cartOf(u.tokens.accessToken);
    await p.db.updateTable("carts").set({ member_card: "0000000000000" }).where("id", "=", session.cartId).execute();
    const view = await cart("getCart", session, u.tokens.accessToken);
    expect(view.body.data.validateMemberCard).toBe(false);
    const mine = newCard();
    await p.issueMemberCard(u.id, mine);
    await p.db.updateTable("carts").set({ member_card: mine }).where("id", "=", session.cartId).execute();
    expect((await cart("getCart", session, u.tokens.accessToken)).body.data.validateMemberCard).toBe(true);
    expect((await cart("getCart", session)).body.data.validateMemberCard).toBe(false);
  });
});

describe("GET /v1/general/user", () => {
  it("answers the user's language setting", async () => {
    const user = await p.createUser({ email: newEmail(), language: "en" });
    const tokens: Tokens = await p.login(user);
    const res = await p.call("GET", "/api/v1/general/user?group=global&key=language", { token: tokens.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ group: "global", key: "language", value: "en" });
  });

  it("answers 404 for any other key", async () => {
    const u = await loggedInUser();
    const res = await p.call("GET", "/api/v1/general/user?group=global&key=theme", { token: u.tokens.accessToken });
    expect(res.status).toBe(404);
  });

  it("needs a login", async () => {
    expect((await p.call("GET", "/api/v1/general/user?key=language")).status).toBe(401);
  });
});

describe("createBackofficeUser (the CLI's create-admin)", () => {
  it("creates a verified backoffice user who can log in, once per e-mail", async () => {
    const email = newEmail();
    expect(await createBackofficeUser(p.db, email.toUpperCase(), "Admin-lozinka-1")).toBe(true);
    const tokens = await p.login({ email, password: "Admin-lozinka-1" });
    const res = await p.call<UserView>("GET", "/api/v1/user/profile", { token: tokens.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email,
      isBackofficeUser: true,
      emailVerified: true,
      language: "hr",
      staff: { role: "administrator", scopes: ["content", "shop", "orders", "settings"] },
    });
    expect(await createBackofficeUser(p.db, email, "Druga-lozinka-2")).toBe(false);
  });

  it("with --scopes creates staff with only those scopes", async () => {
    const email = newEmail();
    expect(await createBackofficeUser(p.db, email, "Urednik-lozinka-1", { role: "staff", scopes: ["orders", "content"] })).toBe(true);
    const tokens = await p.login({ email, password: "Urednik-lozinka-1" });
    const res = await p.call<UserView>("GET", "/api/v1/user/profile", { token: tokens.accessToken });
    expect(res.body.data.staff).toEqual({ role: "staff", scopes: ["content", "orders"] });
    expect((await p.call("GET", "/api/v1/audit/filter", { token: tokens.accessToken })).body.error?.code).toBe("STAFF_SCOPE_MISSING");
  });
});

describe("afterwards", () => {
  it("logged no server errors", () => {
    expect(p.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});
