/**
 * What other modules use of the catalog: product cards (wishlist), prices, the product snapshots the
 * cart and orders read, and the products' KPD codes (the admin edits them, issue 12).
 */
export { loadProductCards } from "./catalog.service.ts";
export { finalCents, memberCents, toEur, vatOf } from "./pricing.ts";
export { productClassificationCode, setProductClassificationCode } from "./product-classification.service.ts";
export {
  type BundlePartRow,
  bundlePartsOf,
  customOptions,
  firstMedia,
  type OptionInfo,
  type ProductInfo,
  productsById,
  variantLabels,
} from "./product-snapshots.repository.ts";
export { categoryPages, productPages } from "./sitemap.repository.ts";
export { returnStock, stockOf, takeStock } from "./stock.repository.ts";
