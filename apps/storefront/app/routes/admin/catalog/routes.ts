import { route } from "@react-router/dev/routes";
import { SYSTEM_ROUTES } from "@shop/contracts";

/** The catalog area of the back office: products, categories, attributes, coupons, membership cards. */
export const catalogRoutes = [
  route(SYSTEM_ROUTES.adminCatalog, "routes/admin/catalog/products.tsx", { id: "adminCatalog" }),
  route(SYSTEM_ROUTES.adminCatalogProduct, "routes/admin/catalog/product.tsx", { id: "adminCatalogProduct" }),
  route(SYSTEM_ROUTES.adminCatalogCategories, "routes/admin/catalog/categories.tsx", { id: "adminCatalogCategories" }),
  route(SYSTEM_ROUTES.adminCatalogCategory, "routes/admin/catalog/category.tsx", { id: "adminCatalogCategory" }),
  route(SYSTEM_ROUTES.adminCatalogAttributes, "routes/admin/catalog/attributes.tsx", { id: "adminCatalogAttributes" }),
  route(SYSTEM_ROUTES.adminCatalogAttribute, "routes/admin/catalog/attribute.tsx", { id: "adminCatalogAttribute" }),
  route(SYSTEM_ROUTES.adminCatalogCoupons, "routes/admin/catalog/coupons.tsx", { id: "adminCatalogCoupons" }),
  route(SYSTEM_ROUTES.adminCatalogCoupon, "routes/admin/catalog/coupon.tsx", { id: "adminCatalogCoupon" }),
  route(SYSTEM_ROUTES.adminCatalogMemberCards, "routes/admin/catalog/member-cards.tsx", { id: "adminCatalogMemberCards" }),
  route(SYSTEM_ROUTES.adminCatalogMemberCard, "routes/admin/catalog/member-card.tsx", { id: "adminCatalogMemberCard" }),
];
