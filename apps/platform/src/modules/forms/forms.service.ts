import {
  type CaptchaChallengeView,
  CONFIRM_EMAIL_TTL_S,
  type ConfirmEmailView,
  type ContactAdminBody,
  DEFAULT_LOCALE,
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
import type { Executor } from "@shop/db";
import { t } from "@shop/i18n";
import { z } from "zod";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { AppError, fieldError, fieldsError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { validationError } from "../../http/errors.ts";
import { enforceLimit } from "../../http/rate-limits.ts";
import { withTransaction } from "../../http/transaction.ts";
import { sendMail } from "../../shared/mail.ts";
import { normalizeEmail } from "../user/index.ts";
import { confirmationMail, type SubmittedField, submissionMail } from "./forms.mail.ts";
import {
  cmsOption,
  confirmSubmission,
  confirmSubscription,
  type FormRecord,
  findPublishedForm,
  findPublishedFormOfType,
  findUsableConfirmation,
  insertConfirmation,
  insertSubmission,
  listPublishedForms,
  requiredConsentIds,
  useConfirmation,
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

/** SPEC §8 'captcha missing' when there is no answer; a wrong, expired or reused one is refused alike. */
export async function checkCaptcha(ctx: RequestCtx, payload: string | undefined): Promise<void> {
  if (!payload?.trim()) throw fieldError("captcha", "error.captchaMissing");
  if (!(await ctx.captcha.verify(payload))) throw fieldError("captcha", "error.captchaInvalid");
}

/** SPEC §5: every required consent of the place must be among the accepted ones. */
export async function checkRequiredConsents(ctx: RequestCtx, place: string, accepted: readonly number[]): Promise<void> {
  const missing = (await requiredConsentIds(ctx.db, place)).filter((id) => !accepted.includes(id));
  if (missing.length === 0) return;
  const key = "core.notifications.consentRequired";
  throw fieldsError(
    missing.map((id) => ({ path: `consents.${id}`, key })),
    key,
  );
}

export async function enforceSubmitLimits(ctx: RequestCtx, prefix: string, email: string | null): Promise<void> {
  await enforceLimit(ctx, `${prefix}:ip:${ctx.ip}`, SUBMIT_LIMIT_PER_IP, HOUR_S);
  if (email) await enforceLimit(ctx, `${prefix}:email:${email}`, SUBMIT_LIMIT_PER_EMAIL, HOUR_S);
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
  await insertConfirmation(db, {
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
  });
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

/** The site's language for mail to staff (else the shop's default language). */
function staffLocale(ctx: RequestCtx) {
  return toLocale(ctx.site.defaultLanguage) ?? DEFAULT_LOCALE;
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
  sendMail(ctx, submissionMail(staffLocale(ctx), { ...mail, to, site: ctx.site.name }));
}

function submissionRow(ctx: RequestCtx, formId: number | null, values: FormValues, email: string | null, consents: readonly number[]) {
  return {
    form_id: formId,
    language_code: ctx.locale,
    data: JSON.stringify(values),
    email,
    consent_ids: JSON.stringify(consents),
    confirmed_at: null,
    created_at: new Date().toISOString(),
  };
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
  const token = await withTransaction(ctx, async (tx) => {
    const submissionId = await insertSubmission(tx.db, submissionRow(ctx, form.view.id, values, email, body.consents));
    if (!goal || !email) return null;
    return createConfirmation(tx.db, { email, language: ctx.locale, goal, submissionId });
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
    sendMail(
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
  await insertSubmission(ctx.db, submissionRow(ctx, contactForm?.view.id ?? null, values, email, body.consents));
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
  return withTransaction(ctx, async (tx) => {
    const now = new Date().toISOString();
    const row = await findUsableConfirmation(tx.db, hashToken(token), now);
    if (!row) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
    if (!(await useConfirmation(tx.db, row.id, now))) throw new AppError("TOKEN_INVALID", "error.tokenInvalid");
    if (row.submission_id !== null) await confirmSubmission(tx.db, row.submission_id, now);
    if (row.subscription_id !== null) await confirmSubscription(tx.db, row.subscription_id, now);
    return { goalType: row.goal_type as Goal["goalType"], goal: row.goal, confirmedEmail: row.email };
  });
}
