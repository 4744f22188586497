import type { FieldEditorProps } from "./field-props.ts";

/** An icon by name, from the icons a field allows. The icon-list modal (SPEC §2) replaces the select. */
export function IconField({ id, label, value, onChange, options }: FieldEditorProps<string> & { options: readonly string[] }) {
  return (
    <label className="editor-field" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
