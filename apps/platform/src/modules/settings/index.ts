export { getOptions } from "./settings.service.ts";
