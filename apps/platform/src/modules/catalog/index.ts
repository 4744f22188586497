/** What other modules use of the catalog: prices and the product snapshots the cart and orders read. */
export { finalCents, memberCents, toEur, vatOf } from "./pricing.ts";
export {
  type BundlePartRow,
  bundlePartsOf,
  customOptions,
  firstMedia,
  type OptionInfo,
  type ProductInfo,
  productsById,
  variantLabels,
} from "./product-snapshots.read-model.ts";
