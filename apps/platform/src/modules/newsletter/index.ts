/** What the account uses of the newsletter: its data export and deletion. */
export { exportSubscription, forgetSubscription } from "./newsletter.service.ts";
export { subscribersCsv, subscribersPage } from "./subscribers.service.ts";
