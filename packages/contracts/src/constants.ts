/** SPEC §9 business constants and limits, in one place. */
export const DEBOUNCE_MS = { cartQuantity: 500, search: 500, layeredFilter: 500 } as const;
export const FETCH_DELAY_MIN_MS = 200;
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000 } as const;
export const SMOOTH_SCROLL_MS = 500;

export const COOKIE = {
  cartId: "cartId",
  protectCode: "protectCode",
  guestUser: "guestUser",
  acceptedCookies: "acceptedCookies",
  locale: "locale",
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  memberCard: "memberCardBarcode",
  /** The last order's code and the token that reads it on the success page (httpOnly). */
  orderAccess: "orderAccess",
  /** The checkout consents ticked on the address step, ticked again on the payment step (httpOnly). */
  checkoutConsents: "checkoutConsents",
  /** A social login under way: the provider, its state, nonce and PKCE verifier, until the callback (httpOnly). */
  socialLogin: "socialLogin",
} as const;
/** Seconds a visitor has at the provider before the social login must start again. */
export const SOCIAL_LOGIN_COOKIE_MAX_AGE_S = 600;
export const CART_COOKIE_MAX_AGE_S = 31_536_000;
export const DEFAULT_COOKIE_MAX_AGE_S = 2_592_000;
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
export const COOKIE_CATEGORIES = ["necessary", "marketing", "analytics"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

export const TOAST_MS = { default: 3000, errorPerChar: 50, cartUpdated: 12_000 } as const;

export const PAGINATION = { defaultLimit: 10, pageWindow: 9, defaultPage: 1, maxLimit: 100 } as const;
export const PRODUCT_PER_PAGE_OPTIONS = [12, 24] as const;
export const PRODUCT_PER_PAGE_DEFAULT = 12;
export const LIMITS = {
  consentList: 100,
  consentAssignmentList: 50,
  postCategoryList: 5,
  wishlistFetch: 9999,
  adminUploadFiles: 20,
  publicUploadFiles: 10,
} as const;

export const SORT_OPTIONS = [
  { id: "newest", param: "id", order: "desc" },
  { id: "oldest", param: "id", order: "asc" },
  { id: "cheapest", param: "finalPrice", order: "asc" },
  { id: "mostExpensive", param: "finalPrice", order: "desc" },
  { id: "nameAsc", param: "name", order: "asc" },
  { id: "nameDesc", param: "name", order: "desc" },
  { id: "lowPriority", param: "categoryPriority", order: "asc" },
  { id: "highPriority", param: "categoryPriority", order: "desc" },
  { id: "featured", param: "featured", order: "desc" },
] as const;
export const DEFAULT_SORT = "newest";

export const PASSWORD_MIN = 8;
export const ADDRESS_MAX = { country: 75, city: 75, street: 75, houseNumber: 15, zipCode: 25 } as const;
/** Saved addresses per customer: a bound on what one account can store (not in SPEC). */
export const MAX_SAVED_ADDRESSES = 20;
export const SLUG_MIN = 4;
/** A slug to save (SPEC §5 'valid format'): lowercase letters and digits in words joined by single hyphens. */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const DEFAULT_QUANTITY = 1;
export const NUMBER_OF_STARS = 5;

/*
 * Values the pages use from the cart, review, comment, search and event topics. They live here, not
 * in the schema modules, so the browser bundle imports them without Zod.
 */
/** Most units of one line: more is a typing slip, not an order. */
export const CART_QTY_MAX = 999;
export const REVIEW_MAX = 2000;
/** Longest comment accepted, in characters. */
export const COMMENT_MAX_LENGTH = 2000;
export const SEARCH_QUERY_MAX = 100;
/** Deep pages of a search are never read; the cap keeps OFFSET cheap. */
export const SEARCH_PAGE_MAX = 1000;
/** The business is in Zagreb: every date filtered or shown is in this zone, wherever the server or the visitor is. */
export const BUSINESS_TIME_ZONE = "Europe/Zagreb";

export const MEDIA_SIZES = {
  ThumbnailSize: { width: 50, height: 50 },
  PortraitSize: { width: 768, height: 1024 },
  LargeSize: { width: 926, height: 926 },
  FullHDSize: { width: 1920, height: 1080 },
} as const;
export const DEFAULT_MEDIA_SIZE = "MediumSize";

export const VERSION_CACHE_MS = { latestTag: 3_600_000, latestRelease: 300_000 } as const;
export const MAINTENANCE_RELOAD_WINDOW_MS = 60_000;
export const ROOT_REDIRECT_STATUS = 302;
export const CORE_VERSION = "1.12.17";

export const CHECKOUT_STEPS = ["address", "shipping", "payment"] as const;
export const PAYMENT_TYPE_HPF = "HPF";
export const ALL_COUNTRIES = "ALL";
export const SEARCH_CATEGORIES = ["pages", "products", "posts", "productCategories"] as const;
export const PRODUCT_FORMATS = ["simple", "configurable", "bundle", "EProduct"] as const;
export const CART_ADD_BEHAVIOUR = { redirectToCart: 0, stay: 1, popup: 2 } as const;
export const ADDRESS_TYPES = ["main", "billing", "shipping", "other"] as const;

/** Home page slug and the option keys of SPEC §3 CMS option. */
export const HOME_PAGE_SLUG = "pocetna";
export const MAIN_CURRENCY = { code: "EUR", symbol: "€", label: "EUR", decimals: 2 } as const;

/** Auth lifetimes (not in the spec: chosen to keep a stolen token short-lived). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
export const VERIFY_TOKEN_TTL_S = 7 * 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;

/**
 * Query parameters that shape anonymous pages for everyone (paging, search, the shop's controls, the
 * scroll target). A page whose address carries any other parameter is rendered but never cached,
 * unless its route names the parameter as its own (the shop's filter codes): random query strings
 * cannot fill the page cache.
 */
export const CACHEABLE_QUERY_KEYS: readonly string[] = ["page", "search", "category", "sort", "perPage", "featured", "part", "mobileView"];

/** SPEC §3 Payment method paymentType: HPF redirects to the provider's page (SPEC §9: auto-skips the payment step), WALLET shows the card-wallet button, empty means no redirect. */
export const PAYMENT_TYPES = { none: "", hostedForm: "HPF", wallet: "WALLET" } as const;

/** The three status axes of an order (their transitions: the platform's orders/order-states.ts). */
export const ORDER_STATUS = ["pending_payment", "placed", "completed", "cancelled"] as const;
export const PAYMENT_STATUS = ["initiated", "authorized", "paid", "partially_refunded", "refunded", "failed", "voided", "expired"] as const;
export const FULFILMENT_STATUS = ["unfulfilled", "ready_for_pickup", "fulfilled"] as const;
export type OrderStatus = (typeof ORDER_STATUS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS)[number];
export type FulfilmentStatus = (typeof FULFILMENT_STATUS)[number];

/** Unpaid card orders give back their stock and coupon after this long by default (ORDER_EXPIRY_MINUTES). */
export const ORDER_EXPIRY_MINUTES_DEFAULT = 30;
/** Issue 12's bank statement import: a month's statement of a busy shop stays far below this. */
export const BANK_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
export const BANK_STATEMENT_FORMATS = ["camt053", "csv"] as const;
/** What became of a payment read from a statement. */
export const BANK_LINE_OUTCOMES = ["paid", "already_paid", "amount_mismatch", "no_order", "not_payable", "no_reference"] as const;

/**
 * A receipt CIS has not accepted this long after its issue raises a staff alert (RECEIPT_ALERT_HOURS):
 * the law wants a receipt not delivered at issue delivered within two days (reference D1, 48 h read there).
 */
export const RECEIPT_ALERT_HOURS_DEFAULT = 48;
