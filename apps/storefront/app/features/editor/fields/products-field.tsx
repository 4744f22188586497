import { lazy } from "react";
import { idsField } from "./ids-field.tsx";

/** The products of a block (products' productIds), picked in the product list modal (SPEC §2). */
export const ProductsField = idsField(
  lazy(() => import("../modals/product-list-modal.tsx").then((m) => ({ default: m.ProductListModal }))),
  "editor.modals.products.choose",
);
