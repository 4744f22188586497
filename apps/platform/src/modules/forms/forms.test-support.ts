import type { CaptchaChallengeView } from "@shop/contracts";
import { seedForms } from "@shop/db/seed/forms.ts";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { ReceivedMail, TestPlatform } from "../../test-support.ts";

/** Shared by the forms and newsletter API tests. */

export const STAFF_INBOX = "info@autopraonica.test";

/** The demo's forms (contact, newsletter) and the SendEmailTo option, as the demo seed writes them. */
export async function seedFormsFor(p: TestPlatform): Promise<void> {
  await seedForms({ trx: p.db, now: new Date().toISOString(), users: { adminId: 0, customerId: 0 } });
  await p.db.insertInto("cms_options").values({ key: "SendEmailTo", value: STAFF_INBOX, media_id: null }).execute();
}

/** Fetches a challenge and solves it as the browser widget does; answers the widget's payload. */
export async function solvedCaptcha(p: TestPlatform): Promise<string> {
  const res = await p.call<CaptchaChallengeView>("GET", "/api/v1/captcha/challenge");
  if (res.status !== 200 || res.body.data.provider !== "altcha") throw new Error(`no challenge: ${JSON.stringify(res.body)}`);
  const challenge = res.body.data.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export const mailTo = (to: string, subject?: string) => (m: ReceivedMail) => m.to.includes(to) && (!subject || m.subject.includes(subject));

/** The single-use token of the confirmation link in a mail. */
export function tokenIn(mail: ReceivedMail): string {
  const token = /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no token in mail: ${mail.text}`);
  return token;
}

export async function consentAssigned(p: TestPlatform, place: string, required: boolean): Promise<number> {
  const now = new Date().toISOString();
  const consent = await p.db
    .insertInto("consents")
    .values({ unique_number: `test-${place}-${Math.random().toString(36).slice(2, 10)}`, version: 1, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await p.db
    .insertInto("consent_assignments")
    .values({ assigned_to: place, consent_id: consent.id, required: required ? 1 : 0, position: 1 })
    .execute();
  return consent.id;
}
