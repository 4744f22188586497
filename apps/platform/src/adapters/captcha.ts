import { createHmac, randomInt } from "node:crypto";
import { CAPTCHA_CHALLENGE_TTL_S, type CaptchaChallengeView } from "@shop/contracts";
import { type Challenge, createChallenge, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * The captcha on public forms (SPEC §5 'Form submission may carry a captcha key and response').
 * Two implementations behind one interface: the self-hosted proof-of-work ALTCHA (default; needs
 * no outside service) and reCAPTCHA v2 invisible, used only when its keys are configured.
 */
export interface Captcha {
  /** What the browser widget needs: an ALTCHA challenge, or the reCAPTCHA site key. */
  challenge(): Promise<CaptchaChallengeView>;
  /** True once for a valid answer; a missing, wrong, expired or reused answer is false. */
  verify(payload: string | undefined): Promise<boolean>;
}

/** Remembers used challenges so a solution counts once (shared by every instance: the database). */
export interface SolutionStore {
  /** False when the id was used before. */
  markUsed(challengeId: string, expiresAt: Date): Promise<boolean>;
}

const ALGORITHM = "PBKDF2/SHA-256";

export interface AltchaOptions {
  /** The platform's secret; the HMAC keys are derived from it, so they never appear in config. */
  secret: string;
  store: SolutionStore;
  ttlS?: number;
  /** PBKDF2 iterations per attempt and the range of attempts the solution lies in (the work). */
  cost?: number;
  counterRange?: readonly [number, number];
}

/**
 * About 1,000–4,000 PBKDF2 attempts of 1,000 iterations: a second or less in a browser with its
 * workers (the widget waits at least half a second anyway), a real cost for a spam bot per message.
 */
const DEFAULT_COST = 1000;
const DEFAULT_COUNTER_RANGE = [1000, 4000] as const;

function derivedSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`altcha:${purpose}`).digest("hex");
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload: base64 of JSON {challenge, solution}; anything else is null. */
function parsePayload(payload: string): AltchaPayload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Partial<AltchaPayload> | null;
    const parameters = value?.challenge?.parameters;
    if (!value?.solution || typeof parameters?.nonce !== "string" || typeof parameters.expiresAt !== "number") return null;
    return value as AltchaPayload;
  } catch {
    return null;
  }
}

export function altchaCaptcha(options: AltchaOptions): Captcha {
  const hmacSignatureSecret = derivedSecret(options.secret, "signature");
  // Deterministic mode: the server knows the answer's key signature, so verifying costs one HMAC.
  const hmacKeySignatureSecret = derivedSecret(options.secret, "key-signature");
  const ttlS = options.ttlS ?? CAPTCHA_CHALLENGE_TTL_S;
  const [low, high] = options.counterRange ?? DEFAULT_COUNTER_RANGE;
  return {
    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost ?? DEFAULT_COST,
        counter: randomInt(low, high + 1),
        deriveKey,
        expiresAt: new Date(Date.now() + ttlS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { provider: "altcha", challenge };
    },
    async verify(payload) {
      if (!payload) return false;
      const parsed = parsePayload(payload);
      // Only our own kind of challenge: the signature covers the parameters, this keeps the check cheap.
      if (!parsed || parsed.challenge.parameters.algorithm !== ALGORITHM) return false;
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: parsed.challenge,
          solution: parsed.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
      } catch {
        // Malformed hex or counters throw inside the library; that is a wrong answer, not an error.
        return false;
      }
      if (!verified) return false;
      const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
      return options.store.markUsed(parsed.challenge.parameters.nonce, expiresAt);
    },
  };
}

export interface RecaptchaKeys {
  siteKey: string;
  secret: string;
}

export const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

/** Google's siteverify call for one token (form-encoded POST; the secret never goes in the URL). */
export function recaptchaVerifyRequest(secret: string, token: string): Request {
  return new Request(RECAPTCHA_VERIFY_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret, response: token }).toString(),
    signal: AbortSignal.timeout(5000),
  });
}

/** reCAPTCHA v2 invisible; Google itself refuses a token used twice ('timeout-or-duplicate'). */
export function recaptchaCaptcha(keys: RecaptchaKeys, fetchImpl: typeof fetch = fetch): Captcha {
  return {
    async challenge() {
      return { provider: "recaptcha", siteKey: keys.siteKey };
    },
    async verify(payload) {
      if (!payload) return false;
      try {
        const res = await fetchImpl(recaptchaVerifyRequest(keys.secret, payload));
        if (!res.ok) return false;
        const answer = (await res.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        // Google unreachable: refusing is the safe answer; the visitor can try again.
        return false;
      }
    },
  };
}

/** reCAPTCHA when its keys are configured (both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET), else ALTCHA. */
export function captchaFor(recaptcha: RecaptchaKeys | undefined, altcha: AltchaOptions): Captcha {
  return recaptcha ? recaptchaCaptcha(recaptcha) : altchaCaptcha(altcha);
}
