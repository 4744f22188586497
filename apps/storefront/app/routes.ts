import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type RouteName, routeEntries, SYSTEM_ROUTES } from "@shop/contracts";
import { catalogRoutes } from "./routes/admin/catalog/routes.ts";
import { mediaRoutes, mediaUploadRoute } from "./routes/admin/media/routes.ts";
import { ordersRoutes } from "./routes/admin/orders/routes.ts";
import { peopleRoutes } from "./routes/admin/people/routes.ts";
import { siteRoutes } from "./routes/admin/site/routes.ts";
import { toolsRoutes } from "./routes/admin/tools/routes.ts";

/** Route modules per route name; names still to be built show the 'coming soon' page. */
const MODULES: Record<RouteName, string> = {
  product: "routes/product.tsx",
  login: "routes/login.tsx",
  register: "routes/register.tsx",
  profile: "routes/profile.tsx",
  profileAddress: "routes/profile-address.tsx",
  profileOrders: "routes/profile-orders.tsx",
  profileOrder: "routes/profile-order.tsx",
  cart: "routes/cart.tsx",
  checkout: "routes/checkout.tsx",
  checkoutSuccess: "routes/checkout-success.tsx",
  checkoutFailure: "routes/checkout-failure.tsx",
  checkoutPending: "routes/checkout-pending.tsx",
  shop: "routes/shop.tsx",
  categories: "routes/categories.tsx",
  search: "routes/search.tsx",
  blog: "routes/blog.tsx",
  forgotPassword: "routes/forgot-password.tsx",
  socialLogin: "routes/social-login.tsx",
  event: "routes/event.tsx",
  confirmEmail: "routes/confirm-email.tsx",
  newsletter: "routes/newsletter.tsx",
  content: "routes/content.tsx",
};

export default [
  route(SYSTEM_ROUTES.logout, "routes/logout.tsx", { id: "logout" }),
  route(SYSTEM_ROUTES.sitemap, "routes/sitemap.tsx", { id: "sitemap" }),
  // The cookie banner's form (two segments: never a content slug).
  route(SYSTEM_ROUTES.acceptCookies, "routes/accept-cookies.tsx", { id: "acceptCookies" }),
  // Form actions and fragments (two segments or more: never a content slug).
  route(SYSTEM_ROUTES.cookieSettings, "routes/cookie-settings.tsx", { id: "cookieSettings" }),
  route(SYSTEM_ROUTES.comments, "routes/comments.tsx", { id: "comments" }),
  route(SYSTEM_ROUTES.formSubmit, "routes/form-submit.tsx", { id: "formSubmit" }),
  route(SYSTEM_ROUTES.cartAction, "routes/cart-action.tsx", { id: "cartAction" }),
  route(SYSTEM_ROUTES.wishlistAction, "routes/wishlist-action.tsx", { id: "wishlistAction" }),
  route(SYSTEM_ROUTES.reviewAction, "routes/review-action.tsx", { id: "reviewAction" }),
  route(SYSTEM_ROUTES.orderDocument, "routes/order-document.tsx", { id: "orderDocument" }),
  route(SYSTEM_ROUTES.myData, "routes/my-data.tsx", { id: "myData" }),
  // The in-page editor's calls (issue 13).
  route(SYSTEM_ROUTES.editorCall, "routes/admin/editor/call.ts", { id: "editorCall" }),
  mediaUploadRoute,
  // The back office (issue 12): its own layout.
  layout("routes/admin/layout.tsx", [
    route(SYSTEM_ROUTES.admin, "routes/admin/start.tsx", { id: "admin" }),
    route(SYSTEM_ROUTES.adminStaff, "routes/admin/staff.tsx", { id: "adminStaff" }),
    route(SYSTEM_ROUTES.adminAudit, "routes/admin/audit.tsx", { id: "adminAudit" }),
    // One list per area of the back office.
    ...ordersRoutes,
    ...catalogRoutes,
    ...peopleRoutes,
    ...siteRoutes,
    ...toolsRoutes,
    ...mediaRoutes,
  ]),
  layout("routes/layout.tsx", [
    ...routeEntries().map((e) => route(e.path, MODULES[e.name], { id: e.id })),
    route(SYSTEM_ROUTES.orderLink, "routes/order-link.tsx", { id: "orderLink" }),
    route(SYSTEM_ROUTES.adminLogin, "routes/login.tsx", { id: "adminLogin" }),
    route(SYSTEM_ROUTES.sectionTool, "routes/admin/tools/section-tool.tsx", { id: "sectionTool" }),
    route("*", "routes/not-found.tsx", { id: "notFound" }),
  ]),
] satisfies RouteConfig;
