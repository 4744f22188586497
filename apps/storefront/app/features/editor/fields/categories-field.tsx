import { lazy } from "react";
import { idsField } from "./ids-field.tsx";

/** The product categories of a block (productCategories' categoryIds), picked in the product categories modal (SPEC §2). */
export const CategoriesField = idsField(
  lazy(() => import("../modals/product-list-modal.tsx").then((m) => ({ default: m.ProductCategoriesModal }))),
  "editor.modals.categories.choose",
);
