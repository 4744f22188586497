import {
  type CaptchaChallengeView,
  CONFIRM_EMAIL_TTL_S,
  type ConfirmEmailView,
  type ContactAdminBody,
  type FormFilterBody,
  type FormValues,
  type FormView,
  formDataSchema,
  type Goal,
  localizedPath,
  makePagination,
  type Paged,
  type StoreDataBody,
  type StoreDataView,
  toLocale,
} from "@shop/contracts";
import { t } from "@shop/i18n";
import { z } from "zod";
import type { MailMessage } from "../../adapters/mail.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { normalizeEmail } from "../user/user.repository.ts";
import { confirmationMail, type SubmittedField, submissionMail } from "./forms.mail.ts";
import {
  cmsOption,
  type Executor,
  type FormRecord,
  findPublishedForm,
  findPublishedFormOfType,
  listPublishedForms,
  requiredConsentIds,
} from "./forms.repository.ts";

const HOUR_S = 3600;
/** Public write endpoints: per client address and per e-mail address, whichever is hit first. */
export const SUBMIT_LIMIT_PER_IP = 10;
export const SUBMIT_LIMIT_PER_EMAIL = 5;
const CHALLENGE_LIMIT_PER_IP = 60;
const CHALLENGE_WINDOW_S = 10 * 60;
/** The contact shortcut's consents, when no contact form is defined. */
const CONTACT_PLACE = "contact";

export async function captchaChallenge(ctx: RequestCtx): Promise<CaptchaChallengeView> {
  await enforceLimit(ctx, `captcha:ip:${ctx.ip}`, CHALLENGE_LIMIT_PER_IP, CHALLENGE_WINDOW_S);
  return ctx.captcha.challenge();
}

function captchaError(key: "error.captchaMissing" | "error.captchaInvalid", ctx: RequestCtx): AppError {
  return new AppError("VALIDATION_ERROR", key, { fields: [{ path: "captcha", key, message: t(ctx.locale, key) }] });
}

/** SPEC §8 'captcha missing' when there is no answer; a wrong, expired or reused one is refused alike. */
export async function checkCaptcha(ctx: RequestCtx, payload: string | undefined): Promise<void> {
  if (!payload?.trim()) throw captchaError("error.captchaMissing", ctx);
  if (!(await ctx.captcha.verify(payload))) throw captchaError("error.captchaInvalid", ctx);
}

/** SPEC §5: every required consent of the place must be among the accepted ones. */
export async function checkRequiredConsents(ctx: RequestCtx, place: string, accepted: readonly number[]): Promise<void> {
  const missing = (await requiredConsentIds(ctx.db, place)).filter((id) => !accepted.includes(id));
  if (missing.length === 0) return;
  const key = "core.notifications.consentRequired";
  throw new AppError("VALIDATION_ERROR", key, {
    fields: missing.map((id) => ({ path: `consents.${id}`, key, message: t(ctx.locale, key) })),
  });
}

export async function enforceSubmitLimits(ctx: RequestCtx, prefix: string, email: string | null): Promise<void> {
  await enforceLimit(ctx, `${prefix}:ip:${ctx.ip}`, SUBMIT_LIMIT_PER_IP, HOUR_S);
  if (email) await enforceLimit(ctx, `${prefix}:email:${email}`, SUBMIT_LIMIT_PER_EMAIL, HOUR_S);
}

/** Mail goes out after the answer: a slow or failing SMTP server neither delays nor fails the request. */
export function sendLater(ctx: RequestCtx, message: MailMessage): void {
  ctx.mailer.send(message).catch((err: unknown) => {
    ctx.logger.error({ requestId: ctx.requestId, event: "mail.failed", subject: message.subject, error: String(err) });
  });
}

/** The storefront's confirmation page of the request language, carrying the single-use token. */
export function confirmationLink(ctx: RequestCtx, token: string): string {
  return `${ctx.config.publicUrl}${localizedPath("confirmEmail", ctx.locale)}?token=${encodeURIComponent(token)}`;
}

/** Stores a confirmation link's hash with the goal it leads to; answers the token for the e-mail only. */
export async function createConfirmation(
  db: Executor,
  input: { email: string; language: string; goal: Goal; submissionId?: number; subscriptionId?: number },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto("email_confirmations")
    .values({
      token_hash: hash,
      email: input.email,
      language_code: input.language,
      goal_type: input.goal.goalType,
      goal: input.goal.goal,
      submission_id: input.submissionId ?? null,
      subscription_id: input.subscriptionId ?? null,
      expires_at: new Date(Date.now() + CONFIRM_EMAIL_TTL_S * 1000).toISOString(),
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return token;
}

export async function filterForms(ctx: RequestCtx, body: FormFilterBody): Promise<Paged<FormView>> {
  const { records, total } = await listPublishedForms(ctx.db, body, ctx.locale);
  return { records, pagination: makePagination(body.page, body.limit, total) };
}

export async function getForm(ctx: RequestCtx, ref: string): Promise<FormView> {
  const form = await findPublishedForm(ctx.db, ref, ctx.locale);
  if (!form) throw new AppError("NOT_FOUND", "error.notFound");
  return form.view;
}

/** The definition's data checked with the one schema built from it; errors name `data.<field>`. */
function validFormData(ctx: RequestCtx, form: FormView, data: Record<string, unknown>): FormValues {
  const parsed = z.object({ data: formDataSchema(form.fields) }).safeParse({ data });
  if (!parsed.success) throw validationError(ctx.locale, parsed.error.issues, "data");
  return parsed.data.data;
}

/** The first e-mail field's value: the submitter, for limits, the reply address and double opt-in. */
function submitterEmail(form: FormView, values: FormValues): string | null {
  for (const field of form.fields) {
    const value = values[field.name];
    if (field.type === "email" && typeof value === "string" && value !== "") return normalizeEmail(value);
  }
  return null;
}

/** The site's language for mail to staff (the default language, hr). */
function staffLocale(ctx: RequestCtx) {
  return toLocale(ctx.site.defaultLanguage) ?? "hr";
}

async function recipientOf(ctx: RequestCtx, form: FormRecord | undefined): Promise<string | null> {
  const address = form?.sendEmailTo ?? (await cmsOption(ctx.db, "SendEmailTo"));
  return address && z.email().safeParse(address).success ? address : null;
}

function notifyStaff(ctx: RequestCtx, to: string | null, mail: Omit<Parameters<typeof submissionMail>[1], "to" | "site">): void {
  if (!to) {
    // The submission is stored either way; staff find it in the database.
    ctx.logger.error({ requestId: ctx.requestId, event: "form.noRecipient", form: mail.formTitle });
    return;
  }
  sendLater(ctx, submissionMail(staffLocale(ctx), { ...mail, to, site: ctx.site.name }));
}

export async function storeData(ctx: RequestCtx, body: StoreDataBody): Promise<StoreDataView> {
  await enforceLimit(ctx, `form:ip:${ctx.ip}`, SUBMIT_LIMIT_PER_IP, HOUR_S);
  const form = await findPublishedForm(ctx.db, body.id, ctx.locale);
  if (!form) throw new AppError("NOT_FOUND", "error.notFound");
  const values = validFormData(ctx, form.view, body.data);
  const email = submitterEmail(form.view, values);
  if (email) await enforceLimit(ctx, `form:email:${email}`, SUBMIT_LIMIT_PER_EMAIL, HOUR_S);
  await checkRequiredConsents(ctx, form.view.consentPlace, body.consents);
  await checkCaptcha(ctx, body.captcha);

  const goal = email ? form.goal : null;
  const token = await ctx.db.transaction().execute(async (trx) => {
    const submission = await trx
      .insertInto("form_submissions")
      .values({
        form_id: form.view.id,
        language_code: ctx.locale,
        data: JSON.stringify(values),
        email,
        consent_ids: JSON.stringify(body.consents),
        confirmed_at: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!goal || !email) return null;
    return createConfirmation(trx, { email, language: ctx.locale, goal, submissionId: submission.id });
  });

  // Labels as staff read them: the definition in the site's language, else the visitor's.
  const staffForm = (await findPublishedForm(ctx.db, form.view.id, staffLocale(ctx))) ?? form;
  const labelOf = (name: string) =>
    staffForm.view.fields.find((f) => f.name === name)?.label ?? form.view.fields.find((f) => f.name === name)?.label ?? name;
  notifyStaff(ctx, await recipientOf(ctx, form), {
    formTitle: staffForm.view.title,
    fields: form.view.fields.map((f) => ({ label: labelOf(f.name), value: values[f.name] ?? "" })),
    replyTo: email,
    language: ctx.locale,
  });
  if (token && email) {
    sendLater(
      ctx,
      confirmationMail(ctx.locale, "form", {
        to: email,
        site: ctx.site.name,
        link: confirmationLink(ctx, token),
        formTitle: form.view.title,
      }),
    );
  }
  return { submitted: true, confirmationSent: token !== null };
}

/** SPEC §7 contact/contactAdmin: stored like a contact form submission and mailed to SendEmailTo. */
export async function contactAdmin(ctx: RequestCtx, body: ContactAdminBody): Promise<StoreDataView> {
  const email = normalizeEmail(body.email);
  await enforceSubmitLimits(ctx, "form", email);
  const contactForm = await findPublishedFormOfType(ctx.db, "contactForm", ctx.locale);
  await checkRequiredConsents(ctx, contactForm?.view.consentPlace ?? CONTACT_PLACE, body.consents);
  await checkCaptcha(ctx, body.captcha);
  const values = { name: body.name, email, phone: body.phone ?? "", subject: body.subject ?? "", message: body.message };
  await ctx.db
    .insertInto("form_submissions")
    .values({
      form_id: contactForm?.view.id ?? null,
      language_code: ctx.locale,
      data: JSON.stringify(values),
      email,
      consent_ids: JSON.stringify(body.consents),
      confirmed_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const locale = staffLocale(ctx);
  const fields: SubmittedField[] = (["name", "email", "phone", "subject", "message"] as const).map((name) => ({
    label: t(locale, `forms.contact.${name}`),
    value: values[name],
  }));
  notifyStaff(ctx, await recipientOf(ctx, contactForm), {
    formTitle: t(locale, "forms.contact.title"),
    fields,
    replyTo: email,
    language: ctx.locale,
  });
  return { submitted: true, confirmationSent: false };
}

/**
 * SPEC §4 confirmation link: single use (a concurrent second use loses), marks the submission or
 * subscription confirmed and answers where the visitor goes next.
 */
export async function confirmEmail(ctx: RequestCtx, token: string): Promise<ConfirmEmailView> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .selectFrom("email_confirmations")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (!row) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
    const used = await trx
      .updateTable("email_confirmations")
      .set({ used_at: now })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
    if (row.submission_id !== null) {
      await trx.updateTable("form_submissions").set({ confirmed_at: now }).where("id", "=", row.submission_id).execute();
    }
    if (row.subscription_id !== null) {
      await trx
        .updateTable("newsletter_subscriptions")
        .set({ confirmed_at: now, updated_at: now })
        .where("id", "=", row.subscription_id)
        .where("confirmed_at", "is", null)
        .execute();
    }
    return { goalType: row.goal_type as Goal["goalType"], goal: row.goal, confirmedEmail: row.email };
  });
}
