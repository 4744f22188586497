import type { LinkData } from "@shop/contracts";
import type { FieldEditorProps } from "./field-props.ts";

/** A link's label and target. The link-options modal (SPEC §2) replaces the plain target input. */
export function LinkField({ id, label, value, onChange }: FieldEditorProps<LinkData>) {
  const link = value ?? { label: "", href: "" };
  return (
    <fieldset className="editor-field" id={id}>
      <legend>{label}</legend>
      <label>
        <span>Label</span>
        <input value={link.label} onChange={(e) => onChange({ ...link, label: e.target.value })} />
      </label>
      <label>
        <span>URL</span>
        <input value={link.href} onChange={(e) => onChange({ ...link, href: e.target.value })} />
      </label>
    </fieldset>
  );
}
