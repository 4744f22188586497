/** What the account uses of comments: its data export and deletion. */
export { exportComments, forgetComments } from "./comments.service.ts";
