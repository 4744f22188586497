import type { AccountExport, Goal, NewsletterSubscribeBody, SubscribeView } from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { withTransaction } from "../../http/transaction.ts";
import { sendMail } from "../../shared/mail.ts";
import {
  checkCaptcha,
  checkRequiredConsents,
  confirmationLink,
  confirmationMail,
  createConfirmation,
  enforceSubmitLimits,
  findPublishedFormOfType,
} from "../forms/index.ts";
import { normalizeEmail } from "../user/index.ts";
import { deleteSubscription, findSubscription, isConfirmedSubscriber, retireLinks, upsertUnconfirmed } from "./newsletter.repository.ts";

/** Where the newsletter's consents are assigned. */
const NEWSLETTER_PLACE = "newsletter";

/** The newsletter form's goal in the request language; without one, a thank-you message. */
async function newsletterGoal(ctx: RequestCtx): Promise<Goal> {
  const form = await findPublishedFormOfType(ctx.db, "newsletter", ctx.locale);
  return form?.goal ?? { goalType: "message", goal: t(ctx.locale, "forms.newsletter.confirmedGoal") };
}

/**
 * Double opt-in subscription: a new or still unconfirmed address gets a (new) confirmation link,
 * the older links stop working; a confirmed address is told it is already subscribed (SPEC §8).
 */
export async function subscribe(ctx: RequestCtx, body: NewsletterSubscribeBody): Promise<SubscribeView> {
  const email = normalizeEmail(body.email);
  await enforceSubmitLimits(ctx, "newsletter", email);
  await checkRequiredConsents(ctx, NEWSLETTER_PLACE, body.consents);
  // Before the lookup: whether an address is subscribed is not told to anyone without a solved captcha.
  await checkCaptcha(ctx, body.captcha);
  if (await isConfirmedSubscriber(ctx.db, email)) throw new AppError("CONFLICT", "error.alreadySubscribed");
  const goal = await newsletterGoal(ctx);

  await withTransaction(ctx, async (tx) => {
    const id = await upsertUnconfirmed(tx.db, { email, language: ctx.locale, consentIds: body.consents });
    if (id === undefined) throw new AppError("CONFLICT", "error.alreadySubscribed");
    // Only the newest link works.
    await retireLinks(tx.db, id);
    const token = await createConfirmation(tx.db, { email, language: ctx.locale, goal, subscriptionId: id });
    sendMail(tx, confirmationMail(ctx.locale, "newsletter", { to: email, site: ctx.site.name, link: confirmationLink(ctx, token) }));
  });
  return { subscribed: true, confirmationSent: true };
}

/** The subscription of an address the account has confirmed (an unconfirmed one may be anybody's). */
export async function exportSubscription(ctx: RequestCtx, verifiedEmail: string): Promise<AccountExport["newsletter"]> {
  const row = await findSubscription(ctx.db, normalizeEmail(verifiedEmail));
  return row ? { email: row.email, language: row.language_code, confirmedAt: row.confirmed_at, createdAt: row.created_at } : null;
}

export async function forgetSubscription(ctx: RequestCtx, verifiedEmail: string): Promise<void> {
  await withTransaction(ctx, (tx) => deleteSubscription(tx.db, normalizeEmail(verifiedEmail)));
}
