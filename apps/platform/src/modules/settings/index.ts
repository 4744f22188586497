/** What other modules and the app use of settings: the site of an apiKey and the CMS options. */

export { firstSiteApiKey, getOptions } from "./settings.repository.ts";
export { findSiteByApiKey } from "./settings.service.ts";
