import type { InputHTMLAttributes } from "react";

/** A filter of a list (a GET form): a labelled input whose value the address keeps. */
export function FilterInput({
  id,
  name,
  label,
  type,
  value,
}: {
  id: string;
  name: string;
  label: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  value: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} defaultValue={value} />
    </div>
  );
}

/** A filter of a list by one of its values; the first option (`any`) filters nothing. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any: string;
  options: readonly (readonly [value: string, text: string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
