import type { ConsentView } from "@shop/contracts";
import { sanitizeHtml } from "../../blocks/sanitize-html.ts";
import { useT } from "../../ui/i18n.tsx";
import { consentFieldName } from "./consent-check.ts";
import "../../styles/consents.css";

/**
 * A consent's text inside its label: sanitized again here (the platform already stores it clean),
 * and paragraphs flattened, since a label may hold only inline content.
 */
function labelHtml(displayName: string): string {
  return sanitizeHtml(displayName)
    .replace(/<\/p>\s*<p>/g, "<br>")
    .replace(/<\/?p>/g, "")
    .trim();
}

/**
 * The consent checkboxes of a form (SPEC §4/§5): one per consent, named `consent.<id>`, required
 * ones starred, each with its own error. Never ticked in advance (CJEU C-673/17 Planet49): only
 * `accepted` (what this visitor ticked before a failed submit) comes back ticked.
 */
export function ConsentFields({
  consents,
  errors,
  accepted,
}: {
  consents: ConsentView[];
  errors?: Record<string, string>;
  accepted?: readonly number[];
}) {
  const t = useT();
  if (consents.length === 0) return null;
  return (
    <fieldset className="consents">
      <legend className="sr-only">{t("consents.legend")}</legend>
      {consents.map((consent) => {
        const name = consentFieldName(consent);
        const id = `consent-${consent.id}`;
        const error = errors?.[name];
        const errorId = `${id}-error`;
        return (
          <div key={consent.id} className={`consent${error ? " consent--invalid" : ""}`}>
            <input
              type="checkbox"
              id={id}
              name={name}
              required={consent.required}
              defaultChecked={accepted?.includes(consent.id)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label htmlFor={id} className="consent__label">
              {/* Staff HTML, sanitized with the allow-list (the platform stored it sanitized too). */}
              <span dangerouslySetInnerHTML={{ __html: labelHtml(consent.displayName) }} />
              {consent.required ? (
                <>
                  <span className="consent__star" aria-hidden="true">
                    {" *"}
                  </span>
                  <span className="sr-only"> ({t("consents.required")})</span>
                </>
              ) : null}
            </label>
            {error ? (
              <p className="field__error consent__error" id={errorId}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
