/** What the account uses of comments: its data export and deletion. */
export { exportComments, forgetComments, moderateComments, removeComment } from "./comments.service.ts";
