/** What the account uses of the wishlist: its data export and deletion. */
export { exportWishlist, forgetWishlist } from "./wishlist.service.ts";
