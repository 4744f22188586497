import type { FormFieldDefinition } from "@shop/contracts";
import { useT } from "../../ui/i18n.tsx";

const INPUT_TYPE = { text: "text", email: "email", tel: "tel" } as const;

/**
 * One field of a form definition: its label (required ones starred, and said so to screen readers),
 * the control its type asks for, and its error wired to the control.
 */
export function FormField({
  field,
  idPrefix,
  error,
}: {
  field: FormFieldDefinition;
  /** Keeps ids unique when a page shows several forms. */
  idPrefix: string;
  error?: string;
}) {
  const t = useT();
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    autoComplete: field.autocomplete,
  };
  const label = (
    <>
      {field.label}
      {field.required ? (
        <>
          <span className="cms-form__star" aria-hidden="true">
            {" *"}
          </span>
          <span className="sr-only"> ({t("forms.field.required")})</span>
        </>
      ) : null}
    </>
  );
  const message = error ? (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  ) : null;

  if (field.type === "checkbox") {
    return (
      <div className={`field field--checkbox${error ? " field--invalid" : ""}`}>
        <input type="checkbox" {...common} />
        <label htmlFor={id}>{label}</label>
        {message}
      </div>
    );
  }
  // No maxlength attribute: the browser would cut pasted text silently; the schema says what is too long.
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {field.type === "textarea" ? (
        <textarea {...common} rows={6} />
      ) : field.type === "select" ? (
        <select {...common} defaultValue="">
          <option value="">{t("forms.field.choose")}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={INPUT_TYPE[field.type]}
          inputMode={field.type === "email" ? "email" : field.type === "tel" ? "tel" : undefined}
        />
      )}
      {message}
    </div>
  );
}
