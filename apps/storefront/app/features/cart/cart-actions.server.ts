import {
  type BodyOf,
  CART_ADD_BEHAVIOUR,
  cartAddBody,
  cartCouponBody,
  cartInstructionsBody,
  cartMemberCardBody,
  cartUpdateItemBody,
  DEFAULT_LOCALE,
  isLocale,
  isValidInternalPath,
  type Locale,
  localizedPath,
  V,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { hasMessage, translator } from "@shop/i18n";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { shopContext } from "../../context.ts";
import { Platform } from "../../platform.server.ts";
import { sessionOf } from "../account/session-context.server.ts";
import { failureText } from "../errors/platform-failure.ts";
import { formText, type Translate } from "../forms/form-values.ts";
import { CART_INTENTS, CART_MODAL_PARAM, type CartActionData, type CartAddBehaviour, type CartIntent } from "./cart-action-data.ts";
import {
  type CartSession,
  cartLocaleChanged,
  cartNoticeCookie,
  cartSessionCookies,
  clearCartCookies,
  newCartSession,
  readCartSession,
} from "./cart-session.server.ts";
import { followUpKey, type RequestKeyHeaders, requestKeyHeaders } from "./request-key.server.ts";

/**
 * Every cart change a visitor makes (SPEC §2 Cart view, §4 Cart session): the form's intent read,
 * checked with the contract's own schemas, sent to the platform on the visitor's cart session,
 * and answered as data (with JavaScript) or as a redirect with a one-shot notice (without).
 */

interface Outcome {
  data: CartActionData;
  cookies: string[];
}

/** Body fields the storefront checks before anything is sent (the session comes from the cookies). */
const addInput = cartAddBody.omit({ cartId: true, protectCode: true, reservation: true });
const updateInput = cartUpdateItemBody.pick({ itemId: true, qty: true });
const couponInput = cartCouponBody.pick({ couponCode: true });
const memberCardInput = cartMemberCardBody.pick({ barcode: true });
const instructionsInput = cartInstructionsBody.pick({ instructions: true });

/** The first issue's text: our own keys translated, anything else 'invalid value'. */
function issueMessage(issues: readonly z.core.$ZodIssue[], t: Translate): string {
  const key = issues[0]?.message ?? V.invalid;
  return t(hasMessage(key) ? key : V.invalid);
}

/** Adds a custom option typed into `customOption.<id>` and a bundle part's variant chosen in `bundle.<partId>` (forms without JS). */
function readAddOptions(form: FormData): { ok: true; value: unknown } | { ok: false } {
  let options: Record<string, unknown> = {};
  const raw = formText(form, "options");
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false };
      options = { ...(parsed as Record<string, unknown>) };
    } catch {
      return { ok: false };
    }
  }
  const custom: unknown[] = Array.isArray(options.customPriceOption) ? [...options.customPriceOption] : [];
  const bundle: unknown[] = Array.isArray(options.bundleOptions) ? [...options.bundleOptions] : [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const customMatch = /^customOption\.(\d{1,10})$/.exec(name);
    if (customMatch && value.trim() !== "") custom.push({ optionId: customMatch[1], customOptionValue: value });
    const bundleMatch = /^bundle\.(\d{1,10})$/.exec(name);
    if (bundleMatch && value !== "") bundle.push({ id: bundleMatch[1], selected: value, options: [] });
  }
  return { ok: true, value: { ...options, customPriceOption: custom, bundleOptions: bundle } };
}

/** SPEC §4 After successful add: the checkout settings' behaviour; the popup when they cannot be read. */
async function addBehaviour(platform: Platform): Promise<CartAddBehaviour> {
  const settings = await platform.callPublic(api.settings.getCheckoutSettings);
  const value = settings.ok ? settings.data.cartAddBehaviour : undefined;
  return value === CART_ADD_BEHAVIOUR.redirectToCart || value === CART_ADD_BEHAVIOUR.stay || value === CART_ADD_BEHAVIOUR.popup
    ? value
    : CART_ADD_BEHAVIOUR.popup;
}

interface Ctx {
  form: FormData;
  intent: CartIntent;
  /** The form's Idempotency-Key, sent with every write it makes (a repeat of the post changes nothing again). */
  key: RequestKeyHeaders;
  t: Translate;
  locale: Locale;
  platform: Platform;
  loggedIn: boolean;
  session: CartSession | null;
  context: Readonly<RouterContextProvider>;
}

const fail = (intent: CartIntent, message: string, extra: Partial<CartActionData> = {}, cookies: string[] = []): Outcome => ({
  data: { ok: false, intent, message, ...extra },
  cookies,
});

async function add(c: Ctx): Promise<Outcome> {
  const options = readAddOptions(c.form);
  if (!options.ok) return fail("add", c.t(V.invalid));
  const input = addInput.safeParse({
    productId: formText(c.form, "productId"),
    qty: formText(c.form, "qty") || undefined,
    options: options.value,
  });
  if (!input.success) return fail("add", issueMessage(input.error.issues, c.t));
  const cookies: string[] = [];
  // SPEC §4: no session until the first add; one that the platform no longer knows is replaced once.
  let session = c.session;
  for (;;) {
    if (!session) {
      const created = await newCartSession(c.platform);
      if (!created.ok) return fail("add", failureText(created, c.t, { field: true }), {}, cookies);
      session = created.data;
      cookies.push(...cartSessionCookies(c.context, session, c.locale));
    }
    // A cart made just now has no keys yet: the form's key goes to whichever cart the add lands in.
    const added = await c.platform.call(api.cart.addItem, { body: { ...session, ...input.data }, headers: c.key });
    if (added.ok) {
      const behaviour = await addBehaviour(c.platform);
      return { data: { ok: true, intent: "add", message: c.t("addedToCart"), behaviour }, cookies };
    }
    // 409: the cookies' cart is gone (ordered, or not this visitor's code); a cart made just now is not retried.
    if (added.status !== 409 || session !== c.session) return fail("add", failureText(added, c.t, { field: true }), {}, cookies);
    session = null;
  }
}

/** The cart endpoints that change an existing session, and what each needs besides the session. */
type SessionEndpoint = Exclude<(typeof api.cart)[keyof typeof api.cart], { body?: undefined }>;
type SessionFields<E extends SessionEndpoint> = Omit<BodyOf<E>, "cartId" | "protectCode">;

interface Said {
  success: string | null;
  extra?: Partial<CartActionData>;
  /** Shown instead of the platform's text when the call fails. */
  failure?: string;
}

/** Runs one call on the existing session; a rejected session is cleared from the cookies. */
async function onSession<E extends SessionEndpoint>(c: Ctx, endpoint: E, fields: SessionFields<E>, said: Said): Promise<Outcome> {
  const extra = said.extra ?? {};
  if (!c.session) return fail(c.intent, c.t("cart.sessionMissing"), extra);
  const body = { ...c.session, ...fields } as BodyOf<SessionEndpoint>;
  const result = await c.platform.call(endpoint as SessionEndpoint, { body, headers: c.key });
  if (result.ok) return { data: { ok: true, intent: c.intent, message: said.success, ...extra }, cookies: [] };
  // 409: the session is gone (SPEC §4), so the cookies go too.
  const gone = result.status === 409;
  return fail(c.intent, said.failure ?? failureText(result, c.t, { field: true }), extra, gone ? clearCartCookies(c.context) : []);
}

async function run(c: Ctx): Promise<Outcome> {
  const { form, t } = c;
  switch (c.intent) {
    case "add":
      return add(c);
    case "update": {
      const input = updateInput.safeParse({ itemId: formText(form, "itemId"), qty: formText(form, "qty") });
      const itemId = Number(formText(form, "itemId")) || undefined;
      if (!input.success) return fail("update", issueMessage(input.error.issues, t), { itemId });
      return onSession(c, api.cart.updateItem, input.data, { success: t("cart.updated"), extra: { itemId } });
    }
    case "remove": {
      const itemId = Number(formText(form, "itemId"));
      if (!Number.isInteger(itemId) || itemId < 1) return fail("remove", t("error.removeFromCartFailed"));
      return onSession(
        c,
        api.cart.deleteItem,
        { itemId },
        { success: t("core.notifications.itemRemovedFromCart"), extra: { itemId }, failure: t("error.removeFromCartFailed") },
      );
    }
    case "clear":
      return onSession(c, api.cart.clearCart, {}, { success: t("cart.cleared") });
    case "applyCoupon": {
      const input = couponInput.safeParse({ couponCode: formText(form, "couponCode") });
      if (!input.success) return fail("applyCoupon", issueMessage(input.error.issues, t));
      const applied = await onSession(c, api.cart.applyCoupon, input.data, { success: t("cart.coupon.applied") });
      // SPEC §4: a failed coupon application leaves the cart without a coupon.
      if (!applied.data.ok && c.session && applied.cookies.length === 0) {
        await c.platform.call(api.cart.removeCoupon, { body: c.session, headers: followUpKey(c.key, "removeCoupon") });
      }
      return applied;
    }
    case "removeCoupon":
      return onSession(c, api.cart.removeCoupon, {}, { success: t("cart.coupon.removed") });
    case "applyMemberCard": {
      // SPEC §5/§6: only logged-in customers can apply a membership card.
      if (!c.loggedIn) return fail("applyMemberCard", t("cart.membersOnly"));
      const input = memberCardInput.safeParse({ barcode: formText(form, "barcode") });
      if (!input.success) return fail("applyMemberCard", issueMessage(input.error.issues, t));
      return onSession(c, api.cart.applyMemberCard, input.data, { success: t("cart.memberCard.applied") });
    }
    case "instructions": {
      const input = instructionsInput.safeParse({ instructions: formText(form, "instructions") });
      if (!input.success) return fail("instructions", issueMessage(input.error.issues, t));
      return onSession(c, api.cart.setInstructions, input.data, { success: t("cart.instructions.saved") });
    }
  }
}

/** Where a form without JavaScript goes back to: its page (a valid internal path, its query kept), else the cart. */
function returnPath(form: FormData, fallback: string): { path: string; search: URLSearchParams } {
  const raw = formText(form, "returnTo");
  try {
    const base = new URL("http://x");
    const url = new URL(raw, base);
    // '//host/path' is another site's address: only a path of this one comes back.
    if (raw.startsWith("/") && url.origin === base.origin && isValidInternalPath(url.pathname))
      return { path: url.pathname, search: url.searchParams };
  } catch {
    // Not a path: the cart page it is.
  }
  return { path: fallback, search: new URLSearchParams() };
}

/** Where the visitor goes after a post without JavaScript (SPEC §4 After successful add for adds). */
function nextPage(outcome: Outcome, form: FormData, cartPath: string): string {
  const { intent, ok, behaviour } = outcome.data;
  if (intent !== "add") return cartPath;
  if (ok && behaviour === CART_ADD_BEHAVIOUR.redirectToCart) return cartPath;
  const back = returnPath(form, cartPath);
  back.search.delete(CART_MODAL_PARAM);
  if (ok && behaviour === CART_ADD_BEHAVIOUR.popup) back.search.set(CART_MODAL_PARAM, "open");
  const query = back.search.toString();
  return query ? `${back.path}?${query}` : back.path;
}

/**
 * The cart form's post. With JavaScript (field js=1, sent by fetchers) it answers data; without, it
 * redirects and leaves a toast.
 */
export async function cartAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const requestedLocale = formText(form, "locale");
  const locale: Locale = isLocale(requestedLocale) ? requestedLocale : DEFAULT_LOCALE;
  const t = translator(locale);
  const intentValue = formText(form, "intent");
  const cartPath = localizedPath("cart", locale);
  if (!(CART_INTENTS as readonly string[]).includes(intentValue)) {
    return data({ ok: false, intent: "add", message: t(V.invalid) } satisfies CartActionData, { status: 400 });
  }
  const intent = intentValue as CartIntent;
  const key = requestKeyHeaders(form);
  if (!key) return data({ ok: false, intent, message: t(V.invalid) } satisfies CartActionData, { status: 400 });
  const session = await sessionOf(context);
  const stale = cartLocaleChanged(request, locale);
  const outcome = await run({
    form,
    intent,
    key,
    t,
    locale,
    // In the form's language, so the platform's messages and names come in it.
    platform: new Platform(context.get(shopContext), locale, session.accessToken),
    loggedIn: session.user !== null,
    session: stale ? null : readCartSession(request),
    context,
  });
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  // A refusal is an answer the page shows (ok: false), not a failed request the browser would log as one.
  if (formText(form, "js") === "1") return data(outcome.data, { headers });
  const { message, ok, behaviour } = outcome.data;
  // After an add with the popup behaviour the open cart says it all.
  const shown = ok && behaviour === CART_ADD_BEHAVIOUR.popup ? null : message;
  if (shown) headers.append("Set-Cookie", cartNoticeCookie(context, { kind: ok ? "success" : "error", text: shown.slice(0, 300) }));
  throw redirect(nextPage(outcome, form, cartPath), { headers });
}
