import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { paginationSchema } from "../envelope.ts";
import { wishlistFilterQuery, wishlistProductBody, wishlistProductParams } from "../schemas/reviews.ts";
import { productCard } from "./catalog.ts";

/** Answers of the wishlist (SPEC §4 Wishlist toggle, §7 Wishlist). */

export const wishlistItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product: productCard,
});
export type WishlistItem = z.infer<typeof wishlistItem>;

export const wishlistPage = z.object({ records: z.array(wishlistItem), pagination: paginationSchema });
export type WishlistPage = z.infer<typeof wishlistPage>;

/** Answer of the toggle: where the product is now, and the SPEC §8 message key to show. */
export const wishlistToggleAnswer = z.object({
  wishlisted: z.boolean(),
  message: z.enum(["addedToWishlist", "removedFromWishlist"]),
});
export type WishlistToggleAnswer = z.infer<typeof wishlistToggleAnswer>;

const tag = "wishlist";

export const wishlistApi = {
  createItem: endpoint({
    method: "POST",
    path: "/v1/wishlist/create",
    summary: "Add a product to the caller's wishlist (adding twice changes nothing)",
    tag,
    access: "user",
    body: wishlistProductBody,
    answer: wishlistToggleAnswer,
  }),
  toggleItem: endpoint({
    method: "POST",
    path: "/v1/wishlist/toggle",
    summary: "Add the product if it is not on the caller's wishlist, else remove it (SPEC §4 Wishlist toggle)",
    tag,
    access: "user",
    body: wishlistProductBody,
    answer: wishlistToggleAnswer,
  }),
  deleteItem: endpoint({
    method: "DELETE",
    path: "/v1/wishlist/delete/:id",
    summary: "Remove a product (by product id) from the caller's wishlist",
    tag,
    access: "user",
    params: wishlistProductParams,
    answer: wishlistToggleAnswer,
  }),
  filterItems: endpoint({
    method: "GET",
    path: "/v1/wishlist/filter",
    summary: "The caller's wishlist, newest first, with product cards (limit up to 9999)",
    tag,
    access: "user",
    query: wishlistFilterQuery,
    answer: wishlistPage,
  }),
} as const;
