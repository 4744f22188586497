/** The query parameter that shows the notice on the home page after the account is gone (set by the profile's delete form). */
export const ACCOUNT_DELETED_PARAM = "accountDeleted";
