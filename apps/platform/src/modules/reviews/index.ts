/** What the account uses of reviews: its data export and deletion. */
export { exportReviews, forgetReviews } from "./reviews.service.ts";
