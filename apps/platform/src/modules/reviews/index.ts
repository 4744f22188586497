/** What the account uses of reviews: its data export and deletion. */
export { exportReviews, forgetReviews, moderateReviews, removeReview } from "./reviews.service.ts";
