import type { CART_ADD_BEHAVIOUR } from "@shop/contracts";

export const CART_INTENTS = ["add", "update", "remove", "clear", "applyCoupon", "removeCoupon", "applyMemberCard", "instructions"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartAddBehaviour = (typeof CART_ADD_BEHAVIOUR)[keyof typeof CART_ADD_BEHAVIOUR];

/** What the cart action answers a fetcher (with JavaScript); without it the action redirects. */
export interface CartActionData {
  ok: boolean;
  intent: CartIntent;
  /** Translated message for a toast or next to the field; null when nothing needs saying. */
  message: string | null;
  /** The line the answer is about (update, remove: errors show next to it). */
  itemId?: number;
  /** After a successful add: what to do next (SPEC §4, from the checkout settings). */
  behaviour?: CartAddBehaviour;
}

/** The hidden field of every cart form that carries its Idempotency-Key (sent on to the platform as that header). */
export const REQUEST_KEY_FIELD = "requestKey";

/** Query parameter that opens the cart modal on the page after an add without JavaScript. */
export const CART_MODAL_PARAM = "cart";
