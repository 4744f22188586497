/** What other modules and the app use of settings: the site of an apiKey and the CMS options. */

export { firstSiteApiKey, getOptions } from "./settings.repository.ts";
export { checkoutSettings, findSiteByApiKey, listCountries } from "./settings.service.ts";
