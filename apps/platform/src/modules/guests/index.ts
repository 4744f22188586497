/** What the account uses of guests: removing the records kept under a deleted account's address. */
export { forgetGuests } from "./guests.service.ts";
