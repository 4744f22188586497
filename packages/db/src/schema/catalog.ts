import type { ColumnType, Generated } from "kysely";

/**
 * Tables of the shop catalog (SPEC §3 Product, Category, Layered filter) and what customers keep of
 * it (reviews, wishlist). Money is whole cents (EUR, VAT included) so sums never drift; booleans are
 * 0/1 and times ISO-8601 text, as elsewhere.
 */

type Id = Generated<number>;
type Created = ColumnType<string, string | undefined, never>;

export interface ProductCategoriesTable {
  id: Id;
  parent_id: number | null;
  position: number;
  /** A site path or https URL of the category image. */
  image_src: string | null;
  /** Sort option id of SPEC §9 used when the visitor chose none (null: newest first). */
  sort_default: string | null;
  created_at: Created;
}

export interface ProductCategoryTranslationsTable {
  id: Id;
  category_id: number;
  language_code: string;
  name: string;
  slug: string;
  description: string;
}

export interface ProductTagsTable {
  id: Id;
  created_at: Created;
}

export interface ProductTagTranslationsTable {
  id: Id;
  tag_id: number;
  language_code: string;
  name: string;
  slug: string;
}

/** SPEC §3 layered filter types. */
export type AttributeInputType = "Dropdown" | "MultiSelect" | "Number" | "Date" | "DateTime" | "YesNo" | "TextSwatch" | "VisualSwatch";

export interface AttributesTable {
  id: Id;
  /** The query parameter name of its filter (SPEC §2: filters named by attribute code). */
  code: string;
  input_type: AttributeInputType;
  /** 1: shown in the layered filter panel. */
  filterable: number;
  position: number;
  custom_class: string | null;
}

export interface AttributeTranslationsTable {
  id: Id;
  attribute_id: number;
  language_code: string;
  label: string;
}

/** A choice of a Dropdown, MultiSelect or swatch attribute. */
export interface AttributeValuesTable {
  id: Id;
  attribute_id: number;
  position: number;
  /** Visual swatch: a CSS colour (#rrggbb) or an image path. */
  swatch: string | null;
}

export interface AttributeValueTranslationsTable {
  id: Id;
  value_id: number;
  language_code: string;
  label: string;
}

export type ProductFormat = "simple" | "configurable" | "bundle" | "EProduct";

export interface ProductsTable {
  id: Id;
  sku: string;
  format: ProductFormat;
  /** The configurable product a variant belongs to (its associated product); null otherwise. */
  parent_id: number | null;
  /** 0 for variants and bundle-only parts: they have no page of their own. */
  visible_individually: number;
  archived: number;
  featured: number;
  category_priority: number;
  /** Price before any discount, in cents, VAT included. */
  retail_cents: number;
  /** Discounted price in cents while the discount runs; null without a discount. */
  discount_cents: number | null;
  discount_from: string | null;
  discount_to: string | null;
  /** Price for holders of a valid membership card, in cents; null: same as the final price. */
  membership_cents: number | null;
  /** VAT rate in percent (Croatia: 25 standard, 13 and 5 reduced). */
  vat_rate: number;
  /** Units on hand; null: not stock-kept (services, vouchers). */
  stock: number | null;
  /** KPD 2025 code ('45.20.30'), which every line of an e-invoice names; null: not classified yet. */
  classification_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Created;
  updated_at: string;
}

export interface ProductTranslationsTable {
  id: Id;
  product_id: number;
  language_code: string;
  name: string;
  slug: string;
  short_description: string;
  /** Sanitised HTML. */
  description: string;
}

export interface ProductMediaTable {
  id: Id;
  product_id: number;
  position: number;
  src: string;
  width: number;
  height: number;
  alt: string;
  /** The media library's row it was picked from (issue 12's editor); null for seeded paths. */
  media_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductCategoryLinksTable {
  id: Id;
  product_id: number;
  category_id: number;
}

export interface ProductTagLinksTable {
  id: Id;
  product_id: number;
  tag_id: number;
}

/**
 * A product's value of an attribute: value_id for choice types (one row per chosen value of a
 * MultiSelect), number_value for Number and YesNo (0/1), text_value for Date/DateTime (ISO).
 */
export interface ProductAttributeValuesTable {
  id: Id;
  product_id: number;
  attribute_id: number;
  value_id: number | null;
  number_value: number | null;
  text_value: string | null;
}

/** The attributes a configurable product's variants differ by, in selector order. */
export interface ConfigurableAttributesTable {
  id: Id;
  product_id: number;
  attribute_id: number;
  position: number;
  /** The value preselected on the product page (SPEC §3 shopDefault). */
  default_value_id: number | null;
}

/** Parts of a bundle: a simple, EProduct or configurable product (then the customer picks the variant). */
export interface BundlePartsTable {
  id: Id;
  bundle_id: number;
  part_id: number;
  position: number;
  qty: number;
}

export interface CustomOptionsTable {
  id: Id;
  product_id: number;
  option_type: "text" | "number";
  required: number;
  /** Surcharge per unit in cents when the option is filled in. */
  price_cents: number;
  max_length: number | null;
  position: number;
}

export interface CustomOptionTranslationsTable {
  id: Id;
  option_id: number;
  language_code: string;
  title: string;
}

export interface CrossSellsTable {
  id: Id;
  product_id: number;
  cross_product_id: number;
  position: number;
}

export interface ReviewsTable {
  id: Id;
  product_id: number;
  user_id: number;
  /** 1..NumberOfStars, or null when only a comment was given. */
  rating: number | null;
  /** Plain text; escaped wherever shown. */
  content: string;
  published: number;
  /** The author's id while one review per user applies; a unique index on (product_id, single_author) keeps it so under races. */
  single_author: number | null;
  created_at: Created;
  updated_at: string;
}

export interface WishlistItemsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: Created;
}

export interface CatalogTables {
  product_categories: ProductCategoriesTable;
  product_category_translations: ProductCategoryTranslationsTable;
  product_tags: ProductTagsTable;
  product_tag_translations: ProductTagTranslationsTable;
  attributes: AttributesTable;
  attribute_translations: AttributeTranslationsTable;
  attribute_values: AttributeValuesTable;
  attribute_value_translations: AttributeValueTranslationsTable;
  products: ProductsTable;
  product_translations: ProductTranslationsTable;
  product_media: ProductMediaTable;
  product_category_links: ProductCategoryLinksTable;
  product_tag_links: ProductTagLinksTable;
  product_attribute_values: ProductAttributeValuesTable;
  configurable_attributes: ConfigurableAttributesTable;
  bundle_parts: BundlePartsTable;
  custom_options: CustomOptionsTable;
  custom_option_translations: CustomOptionTranslationsTable;
  cross_sells: CrossSellsTable;
  reviews: ReviewsTable;
  wishlist_items: WishlistItemsTable;
}
