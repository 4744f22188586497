import {
  accountDeleteBody,
  addressDefaultBody,
  COOKIE,
  type Locale,
  localeFromPath,
  localizedPath,
  passwordResetBody,
  profileFormBody,
  type UserView,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import { readCookie } from "../../cookies.server.ts";
import { loginPath } from "../account/guards.server.ts";
import type { Session } from "../account/session.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { readCartSession } from "../cart/cart-session.server.ts";
import { failureFields, failureStatus, failureText } from "../errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, passwordConfirmation, readForm, type Translate } from "../forms/form-values.ts";
import { ID } from "../forms/own-post.server.ts";
import { accountGoneCookies, accountGonePath } from "./my-data.server.ts";
import { DETAILS_FIELDS, DETAILS_SHOWN, detailsPayload, PASSWORD_FIELDS } from "./profile-forms.ts";

/**
 * The profile's forms (SPEC §2 Profile, §4 Change password / Profile update): each posts to the
 * profile page with an `intent`, answers its errors on the page, and on success redirects back with
 * `done` naming what happened (so a reload does not post again, and works without JavaScript).
 */

/** What a successful form reports after its redirect; anything else in `done` is ignored. */
export const PROFILE_OUTCOMES = ["details", "emailPending", "password", "addressSaved", "addressDeleted", "addressDefault"] as const;
export type ProfileOutcome = (typeof PROFILE_OUTCOMES)[number];
export type ProfileForm = "details" | "password" | "addresses" | "account";

export interface ProfileActionData {
  form: ProfileForm | null;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** What was typed, shown again with the errors (never a password). */
  values?: Record<string, string>;
}

export function profileOutcome(url: URL): ProfileOutcome | null {
  const done = url.searchParams.get("done");
  return PROFILE_OUTCOMES.find((o) => o === done) ?? null;
}

function done(locale: Locale, outcome: ProfileOutcome, section: string) {
  return redirect(`${localizedPath("profile", locale)}?done=${outcome}#${section}`);
}

function refused(form: ProfileForm, fields: FieldErrors, formError: string | null, status: number, values?: Record<string, string>) {
  return data<ProfileActionData>({ form, fieldErrors: fields, formError, ...(values ? { values } : {}) }, { status });
}

interface ActionCtx {
  request: Request;
  form: FormData;
  session: Session;
  user: UserView;
  locale: Locale;
  t: Translate;
}

/**
 * SPEC §5 change password. The platform logs out every other session and keeps this one (its refresh
 * token goes along); this browser's access token stops counting, and the next request renews it.
 */
async function changePassword({ request, form, session, locale, t }: ActionCtx) {
  const parsed = passwordResetBody.safeParse(readForm(form, PASSWORD_FIELDS));
  const errors = passwordConfirmation(form, t, "newPassword");
  if (!parsed.success) for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[path] ??= message;
  if (!parsed.success || Object.keys(errors).length > 0) return refused("password", errors, null, 400);
  const result = await session.platform.call(api.user.changePassword, {
    body: parsed.data,
    headers: { refreshToken: readCookie(request, COOKIE.refreshToken) },
  });
  if (!result.ok) {
    // SPEC §8 'Incorrect old password.': its own text, on the field it is about.
    if (result.error.code === "INCORRECT_OLD_PASSWORD") return refused("password", { oldPassword: failureText(result, t) }, null, 400);
    return refused("password", failureFields(result), failureText(result, t), failureStatus(result));
  }
  return done(locale, "password", "password");
}

/**
 * SPEC §4 Profile update. A new membership card is checked by the platform before anything is saved
 * (SPEC §5); the same card as now is not sent again. A new e-mail needs the current password and
 * takes effect once confirmed from the new address (the platform mails the link).
 */
async function updateDetails({ request, form, session, user, locale, t }: ActionCtx) {
  const values = Object.fromEntries(DETAILS_SHOWN.map((name) => [name, formText(form, name)]));
  const parsed = profileFormBody.safeParse(detailsPayload(readForm(form, DETAILS_FIELDS)));
  if (!parsed.success) return refused("details", fieldErrors(parsed.error.issues, t), null, 400, values);
  const { memberCardBarcode: typed = "", ...rest } = parsed.data;
  const cardChanged = typed !== (user.memberCardBarcode ?? "");
  if (cardChanged && typed !== "") {
    const check = await session.platform.call(api.user.validateMembersBarcode, { body: { barcode: typed } });
    if (!check.ok) return refused("details", {}, failureText(check, t), failureStatus(check), values);
    if (!check.data.isValid) {
      return refused("details", { memberCardBarcode: t("core.notifications.membershipCardBarcodeInvalid") }, null, 400, values);
    }
  }
  const result = await session.platform.call(api.user.update, { body: { ...rest, ...(cardChanged ? { memberCardBarcode: typed } : {}) } });
  if (!result.ok) return refused("details", failureFields(result), failureText(result, t), failureStatus(result), values);
  if (cardChanged) await syncCartCard(request, session, typed);
  return done(locale, result.data.email === rest.email.toLowerCase() ? "details" : "emailPending", "details");
}

/**
 * SPEC §4: after a profile save the card the shop remembers is updated if it changed and dropped if
 * it is now empty. The cart holds it (its membership prices); a cart that cannot take it keeps its
 * prices, and the profile change stands: the cart page can apply the card later.
 */
async function syncCartCard(request: Request, session: Session, barcode: string): Promise<void> {
  const cart = readCartSession(request);
  if (!cart) return;
  // No Idempotency-Key: the profile form has none, and setting the profile's card again changes nothing.
  if (barcode) await session.platform.call(api.cart.applyMemberCard, { body: { ...cart, barcode }, headers: {} });
  else await session.platform.call(api.cart.removeMemberCard, { body: cart, headers: {} });
}

/** The address named by the form; a malformed id is refused here like the platform refuses a foreign one. */
function addressId(form: FormData): number | null {
  const id = formText(form, "addressId");
  return ID.test(id) ? Number(id) : null;
}

async function deleteAddress({ form, session, locale, t }: ActionCtx) {
  const id = addressId(form);
  if (id === null) return refused("addresses", {}, t("error.notFound"), 404);
  const result = await session.platform.call(api.user.deleteAddress, { params: { id } });
  if (!result.ok) return refused("addresses", {}, failureText(result, t), failureStatus(result));
  return done(locale, "addressDeleted", "addresses");
}

async function defaultAddress({ form, session, locale, t }: ActionCtx) {
  const id = addressId(form);
  const kind = addressDefaultBody.safeParse({ kind: formText(form, "kind") });
  if (id === null || !kind.success) return refused("addresses", {}, t("error.notFound"), 404);
  const result = await session.platform.call(api.user.setDefaultAddress, { params: { id }, body: kind.data });
  if (!result.ok) return refused("addresses", {}, failureText(result, t), failureStatus(result));
  return done(locale, "addressDefault", "addresses");
}

/**
 * Deleting the account (GDPR Art. 17): the password and the ticked box, then the platform does it
 * all at once. The browser keeps none of the account's cookies and lands on the home page, which
 * says the account is gone.
 */
async function deleteAccount({ form, session, locale, t, context }: ActionCtx & { context: Readonly<RouterContextProvider> }) {
  const parsed = accountDeleteBody.safeParse({
    password: formText(form, "password"),
    confirm: formText(form, "confirm") === "yes" || undefined,
  });
  if (!parsed.success) return refused("account", fieldErrors(parsed.error.issues, t), null, 400);
  const result = await session.platform.call(api.user.deleteAccount, { body: parsed.data });
  if (!result.ok) {
    // A wrong password is said on its field only; anything else above the form.
    const fields = failureFields(result);
    return refused("account", fields, Object.keys(fields).length > 0 ? null : failureText(result, t), failureStatus(result));
  }
  const headers = new Headers();
  for (const cookie of accountGoneCookies(context)) headers.append("Set-Cookie", cookie);
  return redirect(accountGonePath(locale), { headers });
}

export async function profileAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const session = await sessionOf(context);
  if (!session.user) throw redirect(loginPath(locale, url.pathname));
  const form = await request.formData();
  const ctx: ActionCtx = { request, form, session, user: session.user, locale, t: translator(locale) };
  switch (formText(form, "intent")) {
    case "details":
      return updateDetails(ctx);
    case "password":
      return changePassword(ctx);
    case "deleteAddress":
      return deleteAddress(ctx);
    case "defaultAddress":
      return defaultAddress(ctx);
    case "deleteAccount":
      return deleteAccount({ ...ctx, context });
    default:
      return data<ProfileActionData>({ form: null, fieldErrors: {}, formError: ctx.t("error.generic") }, { status: 400 });
  }
}
