import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { changeAttribute, createAttribute, listAttributes } from "./admin-attributes.service.ts";
import { categoryTree, createCategory, deleteCategory, moveCategory, updateCategory } from "./admin-categories.service.ts";
import { adminProduct, changeStock, createProduct, deleteProduct, listProducts, updateProduct } from "./admin-products.service.ts";

export const adminCatalogEndpoints = implement(api.adminCatalog, {
  productList: (ctx, { body }) => listProducts(ctx, body),
  productGet: (ctx, { params }) => adminProduct(ctx, params.id),
  productCreate: (ctx, { body }) => createProduct(ctx, body),
  productUpdate: (ctx, { params, body }) => updateProduct(ctx, params.id, body),
  productStock: (ctx, { params, body }) => changeStock(ctx, params.id, body),
  productDelete: (ctx, { params }) => deleteProduct(ctx, params.id),
  attributeList: (ctx) => listAttributes(ctx),
  attributeCreate: (ctx, { body }) => createAttribute(ctx, body),
  attributeUpdate: (ctx, { params, body }) => changeAttribute(ctx, params.id, body),
  categoryTree: (ctx) => categoryTree(ctx),
  categoryCreate: (ctx, { body }) => createCategory(ctx, body),
  categoryUpdate: (ctx, { params, body }) => updateCategory(ctx, params.id, body),
  categoryMove: (ctx, { params, body }) => moveCategory(ctx, params.id, body),
  categoryDelete: (ctx, { params }) => deleteCategory(ctx, params.id),
});
