import type { ReviewOptions } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { checkReview, readReviewStatus, reviewStatusUrl } from "./review-status.ts";

const OPTIONS: ReviewOptions = {
  NumberOfStars: 5,
  RequireRatingForComment: false,
  RequireCommentForRating: false,
  AnonymousCanMultipleReview: false,
  RequireAdminPublishing: false,
};

describe("review rules (SPEC §5)", () => {
  it("needs a rating or a comment", () => {
    expect(checkReview(OPTIONS, null, "  ")?.key).toBe("reviews.error.ratingOrCommentRequired");
    expect(checkReview(OPTIONS, 4, "")).toBeNull();
    expect(checkReview(OPTIONS, null, "Dobro")).toBeNull();
  });

  it("applies the options: a comment needs a rating, a rating needs a comment", () => {
    expect(checkReview({ ...OPTIONS, RequireRatingForComment: true }, null, "Dobro")).toEqual({
      key: "reviews.error.ratingRequired",
      field: "rating",
    });
    expect(checkReview({ ...OPTIONS, RequireCommentForRating: true }, 5, "")).toEqual({
      key: "reviews.error.commentRequired",
      field: "content",
    });
  });

  it("keeps the rating within NumberOfStars", () => {
    expect(checkReview(OPTIONS, 6, "x")?.key).toBe("reviews.error.ratingRange");
    expect(checkReview(OPTIONS, 0, "x")?.key).toBe("reviews.error.ratingRange");
  });
});

describe("review outcome in the query", () => {
  it("round-trips an error and drops unknown keys", () => {
    const url = reviewStatusUrl("/product/x", { error: { key: "reviews.error.onePerUser", field: "form" }, form: "new" });
    expect(url).toMatch(/^\/product\/x\?.*#review-form$/);
    const status = readReviewStatus(new URL(url, "http://h").searchParams);
    expect(status.error).toEqual({ key: "reviews.error.onePerUser", field: "form" });
    expect(readReviewStatus(new URLSearchParams("reviewError=%3Cscript%3E")).error).toBeNull();
  });
});
