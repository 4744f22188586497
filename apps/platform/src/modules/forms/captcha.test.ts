import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import {
  altchaCaptcha,
  type Captcha,
  captchaFor,
  RECAPTCHA_VERIFY_URL,
  recaptchaCaptcha,
  recaptchaVerifyRequest,
  type SolutionStore,
} from "../../adapters/captcha.ts";

const SECRET = "s".repeat(48);

/** The database store's contract in memory: an id is accepted once. */
function memoryStore(): SolutionStore & { ids: Map<string, Date> } {
  const ids = new Map<string, Date>();
  return {
    ids,
    async markUsed(id, expiresAt) {
      if (ids.has(id)) return false;
      ids.set(id, expiresAt);
      return true;
    },
  };
}

/** Solves like the browser widget and encodes the widget's payload. */
async function solve(captcha: Captcha, edit?: (challenge: Challenge) => void): Promise<string> {
  const view = await captcha.challenge();
  if (view.provider !== "altcha") throw new Error("expected ALTCHA");
  const challenge = view.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  edit?.(challenge);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const cheap = { cost: 10, counterRange: [10, 50] as const };

describe("ALTCHA captcha", () => {
  it("accepts a solved challenge once, remembering it until the challenge expires", async () => {
    const store = memoryStore();
    const captcha = altchaCaptcha({ secret: SECRET, store, ...cheap });
    const payload = await solve(captcha);
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);
    const [expiresAt] = [...store.ids.values()];
    expect((expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it("refuses a missing, malformed, foreign, tampered or expired answer", async () => {
    const store = memoryStore();
    const captcha = altchaCaptcha({ secret: SECRET, store, ...cheap });
    expect(await captcha.verify(undefined)).toBe(false);
    expect(await captcha.verify("")).toBe(false);
    expect(await captcha.verify("%%%")).toBe(false);
    expect(await captcha.verify(Buffer.from('{"challenge":{},"solution":{}}').toString("base64"))).toBe(false);

    const foreign = altchaCaptcha({ secret: "x".repeat(48), store, ...cheap });
    expect(await captcha.verify(await solve(foreign))).toBe(false);

    const cheaper = await solve(captcha, (c) => {
      c.parameters.cost = 1;
    });
    expect(await captcha.verify(cheaper)).toBe(false);

    const expired = altchaCaptcha({ secret: SECRET, store, ttlS: -1, ...cheap });
    expect(await expired.verify(await solve(expired))).toBe(false);
    expect(store.ids.size).toBe(0);
  });

  it("refuses a solution whose derived key is made up", async () => {
    const captcha = altchaCaptcha({ secret: SECRET, store: memoryStore(), ...cheap });
    const view = await captcha.challenge();
    const challenge = (view as { challenge: Challenge }).challenge;
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } })).toString("base64");
    expect(await captcha.verify(forged)).toBe(false);
  });
});

describe("reCAPTCHA v2 invisible", () => {
  const keys = { siteKey: "site-key-123", secret: "secret-456" };

  it("picks reCAPTCHA over ALTCHA when configured, and tells the widget only the site key", async () => {
    expect(await captchaFor(keys, { secret: SECRET, store: memoryStore() }).challenge()).toEqual({
      provider: "recaptcha",
      siteKey: keys.siteKey,
    });
    expect((await captchaFor(undefined, { secret: SECRET, store: memoryStore() }).challenge()).provider).toBe("altcha");
  });

  it("asks Google's siteverify with a form-encoded POST (the secret never in the URL)", async () => {
    const req = recaptchaVerifyRequest(keys.secret, "token/with+chars");
    expect(req.method).toBe("POST");
    expect(req.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(req.url).not.toContain(keys.secret);
    expect(req.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const body = new URLSearchParams(await req.text());
    expect(Object.fromEntries(body)).toEqual({ secret: keys.secret, response: "token/with+chars" });
  });

  it("trusts only success: true, and refuses when Google cannot be reached", async () => {
    const answering = (status: number, json: unknown) => async () => new Response(JSON.stringify(json), { status });
    expect(await recaptchaCaptcha(keys, answering(200, { success: true })).verify("t")).toBe(true);
    expect(await recaptchaCaptcha(keys, answering(200, { success: false, "error-codes": ["timeout-or-duplicate"] })).verify("t")).toBe(
      false,
    );
    expect(await recaptchaCaptcha(keys, answering(200, { success: "true" })).verify("t")).toBe(false);
    expect(await recaptchaCaptcha(keys, answering(500, { success: true })).verify("t")).toBe(false);
    const unreachable = async () => {
      throw new TypeError("fetch failed");
    };
    expect(await recaptchaCaptcha(keys, unreachable).verify("t")).toBe(false);
    let called = false;
    const spy = async () => {
      called = true;
      return new Response("{}");
    };
    expect(await recaptchaCaptcha(keys, spy).verify(undefined)).toBe(false);
    expect(called).toBe(false);
  });
});
