import type { ConfigurableAttribute, ProductVariant } from "@shop/contracts";
import { useT } from "../../ui/i18n.tsx";
import { isAvailable, type Selection } from "./variants.ts";

interface VariantSelectorsProps {
  attributes: ConfigurableAttribute[];
  variants: ProductVariant[];
  selection: Selection;
  onChoose: (code: string, valueId: number | null) => void;
  /** Prefix of the field names (a bundle part's parameters); ids get it too. */
  prefix?: string;
}

/** A swatch value is a colour, else an image path. */
const COLOUR = /^#[0-9a-f]{3,8}$|^(rgb|hsl)a?\(/i;

/**
 * The selectors of a configurable product (SPEC §3 associatedProductsAttributes): VisualSwatch as
 * colour swatch radios, TextSwatch as button-like radios, the rest as a select. Field names are the
 * attribute codes, so the surrounding GET form reloads the page with the choice when scripts are off.
 * Values no variant has with the other choices are disabled.
 */
export function VariantSelectors({ attributes, variants, selection, onChoose, prefix = "" }: VariantSelectorsProps) {
  const t = useT();
  const idBase = `opt-${prefix.replace(/\W/g, "-")}`;
  return (
    <div className="variant-selectors">
      {attributes.map((attribute) => {
        const name = `${prefix}${attribute.attributeCode}`;
        const chosen = selection[attribute.attributeCode] ?? null;
        const chosenLabel = attribute.values.find((v) => v.id === chosen)?.value;
        const available = (id: number) => isAvailable(attributes, variants, selection, attribute.attributeCode, id);
        if (attribute.inputType === "VisualSwatch" || attribute.inputType === "TextSwatch") {
          const visual = attribute.inputType === "VisualSwatch";
          return (
            <fieldset key={attribute.attributeCode} className={`variant-group variant-group--${visual ? "visual" : "text"}`}>
              <legend>
                {attribute.label}
                {chosenLabel ? <span className="variant-group__chosen">: {chosenLabel}</span> : null}
              </legend>
              <div className="variant-group__choices">
                {attribute.values.map((value) => {
                  const id = `${idBase}${attribute.attributeCode}-${value.id}`;
                  const enabled = available(value.id);
                  return (
                    <span key={value.id} className="variant-choice">
                      <input
                        type="radio"
                        id={id}
                        name={name}
                        value={value.id}
                        checked={chosen === value.id}
                        disabled={!enabled}
                        onChange={() => onChoose(attribute.attributeCode, value.id)}
                      />
                      <label htmlFor={id} className={visual ? "variant-choice__swatch" : "variant-choice__text"}>
                        {visual ? (
                          <span
                            className="variant-choice__colour"
                            aria-hidden="true"
                            style={
                              value.swatch
                                ? COLOUR.test(value.swatch)
                                  ? { background: value.swatch }
                                  : { backgroundImage: `url("${encodeURI(value.swatch)}")` }
                                : undefined
                            }
                          />
                        ) : null}
                        <span className={visual ? "variant-choice__name" : undefined}>{value.value}</span>
                        {enabled ? null : <span className="sr-only"> ({t("product.unavailable")})</span>}
                      </label>
                    </span>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const id = `${idBase}${attribute.attributeCode}`;
        return (
          <div key={attribute.attributeCode} className="field variant-select">
            <label htmlFor={id}>{attribute.label}</label>
            <select
              id={id}
              name={name}
              value={chosen === null ? "" : String(chosen)}
              onChange={(event) => onChoose(attribute.attributeCode, event.target.value === "" ? null : Number(event.target.value))}
            >
              <option value="">{t("product.choose")}</option>
              {attribute.values.map((value) => {
                const enabled = available(value.id);
                return (
                  <option key={value.id} value={value.id} disabled={!enabled}>
                    {enabled ? value.value : `${value.value} (${t("product.unavailable")})`}
                  </option>
                );
              })}
            </select>
          </div>
        );
      })}
    </div>
  );
}
