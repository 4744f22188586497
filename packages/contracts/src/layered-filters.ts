/** The layered filter vocabulary (SPEC §3 Layered filter, §7 web/filter); no Zod, so pages can use it. */

export const LAYERED_FILTER_TYPES = [
  "Dropdown",
  "MultiSelect",
  "Number",
  "Date",
  "DateTime",
  "YesNo",
  "TextSwatch",
  "VisualSwatch",
] as const;
export type LayeredFilterType = (typeof LAYERED_FILTER_TYPES)[number];
/** Filter types chosen as a range (min and max) rather than by value ids. */
export const RANGE_FILTER_TYPES: readonly LayeredFilterType[] = ["Number", "Date", "DateTime"];
/** Filter types where one value is chosen (radio buttons); the others take several (checkboxes). */
export const SINGLE_CHOICE_FILTER_TYPES: readonly LayeredFilterType[] = ["Dropdown", "YesNo"];

/** Filter keys that are not attribute codes (SPEC §7 web/filter). */
export const RESERVED_FILTER_KEYS = ["id", "archived", "featured", "categories", "discount", "tags"] as const;

/** Attribute codes double as query parameter names: lower case, digits and underscores. */
export const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,63}$/;
