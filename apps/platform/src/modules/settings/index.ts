/** Settings as other modules use them: the CMS options (review and comment rules). */
export { getOptions } from "./settings.service.ts";
