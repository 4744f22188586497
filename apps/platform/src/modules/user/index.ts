/** What other modules use of users. */
export { isValidMemberBarcode } from "./user.service.ts";
