import type { Locale } from "@shop/contracts";

/**
 * What every field editor of the editor's block panel takes (issue 13): the value of one field of a
 * block's data, and how to change it. The panel (block-panel) picks the editor by the field's kind;
 * structured values (links, images, icons, products…) are chosen through the SPEC §2 modals.
 */
export interface FieldEditorProps<T> {
  /** The language of the page being edited (pickers search in it). */
  locale: Locale;
  /** A stable id for the field's label and input. */
  id: string;
  label: string;
  value: T | undefined;
  onChange: (value: T) => void;
}
