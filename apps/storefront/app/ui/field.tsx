import type { InputHTMLAttributes, SelectHTMLAttributes } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id"> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Defaults to the name, made safe for an id. */
  id?: string;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function Field({ name, label, error, hint, id, required, type = "text", ...input }: FieldProps) {
  const fieldId = id ?? `field-${name.replace(/[^\w-]/g, "-")}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={fieldId}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        type={type}
        id={fieldId}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  id?: string;
}

/** A labelled select with its error wired up like Field's. */
export function SelectField({ name, label, options, error, id, ...select }: SelectFieldProps) {
  const fieldId = id ?? `field-${name.replace(/[^\w-]/g, "-")}`;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={fieldId}>{label}</label>
      <select {...select} id={fieldId} name={name} aria-invalid={error ? true : undefined} aria-describedby={errorId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
