import type { ConfirmEmailView, SubscribeView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestCtx } from "../../http/context.ts";
import { runNow, withTransaction } from "../../http/transaction.ts";
import { createTestPlatform, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";
import { consentAssigned, mailTo, seedFormsFor, solvedCaptcha, tokenIn } from "../forms/forms.test-support.ts";
import * as newsletter from "./newsletter.service.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
  await seedFormsFor(p);
});
afterAll(() => p.close());

let seq = 0;
const newEmail = () => `citatelj-${++seq}-${Date.now()}@example.hr`;

const subscribe = (body: unknown, options: { language?: string; ip?: string } = {}) =>
  p.call<SubscribeView>("POST", "/api/v1/newsletter/subscribe", { body, ...options });

const subscription = (email: string) =>
  p.db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();

async function subscribeAndReadToken(email: string, language?: string) {
  const before = p.mails.length;
  const res = await subscribe({ email, captcha: await solvedCaptcha(p) }, { language });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ subscribed: true, confirmationSent: true });
  const mail = await p.waitForMail((m) => p.mails.indexOf(m) >= before && mailTo(email)(m));
  return { mail, token: tokenIn(mail) };
}

const confirm = (token: string) => p.call<ConfirmEmailView>("GET", `/api/v1/form/confirmEmail/${token}`);

describe("POST /v1/newsletter/subscribe", () => {
  it("keeps a new address unconfirmed and mails a link to the storefront's confirmation page", async () => {
    const email = newEmail();
    const { mail, token } = await subscribeAndReadToken(email);
    expect(mail.subject).toBe(`Potvrdite prijavu na newsletter – ${p.siteName}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/potvrdi-email?token=${token}`);
    expect(mail.text).toContain("Poveznica vrijedi 7 dana");
    expect(await subscription(email)).toMatchObject({ language_code: "hr", confirmed_at: null });
  });

  it("confirms by the link with the newsletter form's goal; a second subscription is 'already subscribed'", async () => {
    const email = newEmail();
    const { token } = await subscribeAndReadToken(email);
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      goalType: "message",
      goal: "Hvala! Prijava na newsletter je potvrđena. Prvi newsletter stiže početkom idućeg mjeseca.",
      confirmedEmail: email,
    });
    expect((await subscription(email))?.confirmed_at).not.toBeNull();
    expect((await confirm(token)).status).toBe(400);

    const again = await subscribe({ email: email.toUpperCase(), captcha: await solvedCaptcha(p) }, { language: "en" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      payload: { key: "error.alreadySubscribed", message: "This e-mail address is already subscribed to the newsletter." },
    });
  });

  it("re-sends to an unconfirmed address: only the newest link works", async () => {
    const email = newEmail();
    const first = await subscribeAndReadToken(email);
    const second = await subscribeAndReadToken(email, "de");
    expect(second.token).not.toBe(first.token);
    expect(second.mail.subject).toContain("Bestätigen Sie Ihre Newsletter-Anmeldung");
    expect(second.mail.text).toContain(`${PUBLIC_URL}/de/bestatigungs-email?token=${second.token}`);
    expect((await confirm(first.token)).status).toBe(400);
    const res = await confirm(second.token);
    expect(res.body.data.goal).toContain("Vielen Dank!");
    expect(await p.db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", email).execute()).toHaveLength(1);
  });

  it("writes in the request language with its own confirmation path", async () => {
    const email = newEmail();
    const { mail, token } = await subscribeAndReadToken(email, "en");
    expect(mail.subject).toContain("Confirm your newsletter subscription");
    expect(mail.text).toContain(`${PUBLIC_URL}/en/confirm-email?token=${token}`);
    expect((await confirm(token)).body.data.goal).toContain("Thank you!");
  });

  it("refuses a bad address with SPEC §5 messages", async () => {
    const res = await subscribe({ email: "nije adresa" });
    expect(res.status).toBe(400);
    expect(res.body.error?.payload.fields).toEqual([
      { path: "email", key: "validation.email", params: {}, message: "Unesite ispravnu e-mail adresu" },
    ]);
    expect((await subscribe({})).body.error?.payload.fields?.[0]?.key).toBe("validation.required");
  });

  it("refuses a missing, wrong or reused captcha", async () => {
    const email = newEmail();
    const missing = await subscribe({ email });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.payload.key).toBe("error.captchaMissing");
    const wrong = await subscribe({ email, captcha: "eyJ9" });
    expect(wrong.body.error?.payload.key).toBe("error.captchaInvalid");
    const captcha = await solvedCaptcha(p);
    expect((await subscribe({ email, captcha })).status).toBe(200);
    expect((await subscribe({ email: newEmail(), captcha })).body.error?.payload.key).toBe("error.captchaInvalid");
    expect(await subscription(email)).toBeDefined();
  });

  it("needs the newsletter's required consents and keeps the accepted ones", async () => {
    const consentId = await consentAssigned(p, "newsletter", true);
    try {
      const email = newEmail();
      const refused = await subscribe({ email, captcha: await solvedCaptcha(p) });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.payload.key).toBe("core.notifications.consentRequired");
      expect(await subscription(email)).toBeUndefined();
      expect((await subscribe({ email, consents: [consentId], captcha: await solvedCaptcha(p) })).status).toBe(200);
      expect(JSON.parse((await subscription(email))?.consent_ids ?? "[]")).toEqual([consentId]);
    } finally {
      await p.db.deleteFrom("consent_assignments").where("consent_id", "=", consentId).execute();
    }
  });

  it("limits subscriptions per client address and per e-mail address", async () => {
    const ip = "10.98.0.1";
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: newEmail() }, { ip })).status).toBe(400);
    expect((await subscribe({ email: newEmail() }, { ip })).status).toBe(429);
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await subscribe({ email })).status).toBe(400);
    const limited = await subscribe({ email }, { language: "de" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("keeps one subscription when the same address subscribes twice at once", async () => {
    const email = newEmail();
    const [a, b] = await Promise.all([solvedCaptcha(p), solvedCaptcha(p)]);
    const results = await Promise.all([subscribe({ email, captcha: a }), subscribe({ email, captcha: b })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await p.db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", email).execute()).toHaveLength(1);
    const live = await p.db
      .selectFrom("email_confirmations")
      .select("id")
      .where("email", "=", email)
      .where("used_at", "is", null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it("thanks with a default message when no newsletter form is defined", async () => {
    await p.db.updateTable("forms").set({ status: "draft" }).where("type", "=", "newsletter").execute();
    try {
      const email = newEmail();
      const { token } = await subscribeAndReadToken(email);
      expect((await confirm(token)).body.data).toMatchObject({
        goalType: "message",
        goal: "Hvala! Prijava na newsletter je potvrđena. Novosti i akcije stižu vam na e-mail.",
      });
    } finally {
      await p.db.updateTable("forms").set({ status: "published" }).where("type", "=", "newsletter").execute();
    }
  });
});

describe("newsletter.subscribe as one step of a larger change", () => {
  /** A request's context as the platform builds it; the captcha counts as solved (no second connection inside a transaction). */
  async function requestCtx(): Promise<RequestCtx> {
    const site = await p.db.selectFrom("sites").select(["id", "name", "url", "default_language"]).executeTakeFirstOrThrow();
    return {
      ...p.deps,
      captcha: { challenge: p.deps.captcha.challenge, verify: async () => true },
      requestId: "test",
      locale: "hr",
      ip: "10.97.0.1",
      site: { id: site.id, name: site.name, url: site.url, defaultLanguage: site.default_language },
      user: null,
      afterCommit: runNow,
    };
  }

  it("stores nothing and mails nothing when the change rolls back; mails once it commits", async () => {
    const ctx = await requestCtx();
    const email = newEmail();
    const before = p.mails.length;
    const failed = withTransaction(ctx, async (tx) => {
      await newsletter.subscribe(tx, { email, consents: [], captcha: "solved" });
      throw new Error("a later step failed");
    });
    await expect(failed).rejects.toThrow("a later step failed");
    expect(await subscription(email)).toBeUndefined();

    await withTransaction(ctx, (tx) => newsletter.subscribe(tx, { email, consents: [], captcha: "solved" }));
    expect(await subscription(email)).toMatchObject({ confirmed_at: null });
    await p.waitForMail((m) => p.mails.indexOf(m) >= before && mailTo(email)(m));
    expect(p.mails.slice(before).filter(mailTo(email))).toHaveLength(1);
  });
});
