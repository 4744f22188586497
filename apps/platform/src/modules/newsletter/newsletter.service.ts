import type { Goal, NewsletterSubscribeBody, SubscribeView } from "@shop/contracts";
import { t } from "@shop/i18n";
import { AppError } from "../../http/app-error.ts";
import type { RequestCtx } from "../../http/context.ts";
import { confirmationMail } from "../forms/forms.mail.ts";
import { findPublishedFormOfType } from "../forms/forms.repository.ts";
import {
  checkCaptcha,
  checkRequiredConsents,
  confirmationLink,
  createConfirmation,
  enforceSubmitLimits,
  sendLater,
} from "../forms/forms.service.ts";
import { normalizeEmail } from "../user/user.repository.ts";

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
  const existing = await ctx.db.selectFrom("newsletter_subscriptions").select("confirmed_at").where("email", "=", email).executeTakeFirst();
  if (existing?.confirmed_at) throw new AppError("CONFLICT", "error.alreadySubscribed");
  const goal = await newsletterGoal(ctx);

  const token = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const values = { language_code: ctx.locale, consent_ids: JSON.stringify(body.consents), updated_at: now };
    // The unique address decides when two subscriptions race; a row confirmed meanwhile is left alone.
    const row = await trx
      .insertInto("newsletter_subscriptions")
      .values({ ...values, email, confirmed_at: null, created_at: now })
      .onConflict((oc) => oc.column("email").doUpdateSet(values).where("newsletter_subscriptions.confirmed_at", "is", null))
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("CONFLICT", "error.alreadySubscribed");
    // Only the newest link works.
    await trx
      .updateTable("email_confirmations")
      .set({ used_at: now })
      .where("subscription_id", "=", row.id)
      .where("used_at", "is", null)
      .execute();
    return createConfirmation(trx, { email, language: ctx.locale, goal, subscriptionId: row.id });
  });
  sendLater(ctx, confirmationMail(ctx.locale, "newsletter", { to: email, site: ctx.site.name, link: confirmationLink(ctx, token) }));
  return { subscribed: true, confirmationSent: true };
}
