export { contentImages, parseJson } from "./content-text.ts";
