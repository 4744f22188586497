import { adminCatalogApi, adminCouponsApi, adminMemberCardsApi } from "./admin-catalog.ts";
import { adminCustomersApi } from "./admin-customers.ts";
import { adminModerationApi } from "./admin-moderation.ts";
import { adminOrdersApi } from "./admin-orders.ts";
import { auditApi } from "./audit.ts";
import { authApi } from "./auth.ts";
import { bankStatementsApi } from "./bank-statements.ts";
import { cachesApi } from "./caches.ts";
import { cartApi } from "./cart.ts";
import { catalogApi } from "./catalog.ts";
import { checkoutApi } from "./checkout.ts";
import { cmsApi } from "./cms.ts";
import { commentsApi } from "./comments.ts";
import { consentsApi } from "./consents.ts";
import { documentsApi } from "./documents.ts";
import { eventsApi } from "./events.ts";
import { formsApi } from "./forms.ts";
import { guestsApi } from "./guests.ts";
import { mediaApi } from "./media.ts";
import { myOrdersApi } from "./my-orders.ts";
import { newsletterApi } from "./newsletter.ts";
import { pageEditorApi } from "./page-editor.ts";
import { reviewsApi } from "./reviews.ts";
import { searchApi } from "./search.ts";
import { seoApi } from "./seo.ts";
import { settingsApi } from "./settings.ts";
import { staffApi } from "./staff.ts";
import { pageTemplatesApi, toolsApi } from "./tools.ts";
import { userApi } from "./user.ts";
import { wishlistApi } from "./wishlist.ts";

/**
 * The endpoint table: every platform endpoint by module. The platform implements each group
 * (`implement(api.cart, { … })`); the storefront calls entries (`platform.call(api.cart.getCart, { body })`).
 * Imported on the server side only: the answer schemas stay out of the browser's bundles.
 */
export const api = {
  adminCatalog: adminCatalogApi,
  adminCoupons: adminCouponsApi,
  adminMemberCards: adminMemberCardsApi,
  adminCustomers: adminCustomersApi,
  adminModeration: adminModerationApi,
  adminOrders: adminOrdersApi,
  audit: auditApi,
  auth: authApi,
  bankStatements: bankStatementsApi,
  caches: cachesApi,
  cart: cartApi,
  catalog: catalogApi,
  checkout: checkoutApi,
  cms: cmsApi,
  comments: commentsApi,
  consents: consentsApi,
  documents: documentsApi,
  events: eventsApi,
  forms: formsApi,
  guests: guestsApi,
  media: mediaApi,
  myOrders: myOrdersApi,
  newsletter: newsletterApi,
  reviews: reviewsApi,
  search: searchApi,
  seo: seoApi,
  settings: settingsApi,
  staff: staffApi,
  pageTemplates: pageTemplatesApi,
  pageEditor: pageEditorApi,
  tools: toolsApi,
  user: userApi,
  wishlist: wishlistApi,
} as const;

export type Api = typeof api;
