import { CART_QTY_MAX, type CustomOption } from "@shop/contracts";
import { formatPrice } from "@shop/i18n";
import { useLocale, useT } from "../../ui/i18n.tsx";
import type { OptionValues } from "./product-query.ts";

/** Field name of a custom option: the cart action reads these into customPriceOption (with and without JavaScript). */
export const customOptionField = (id: number) => `customOption.${id}`;

/** SPEC §3 customOptions: a text or number input each, required ones marked, the surcharge shown. */
export function CustomOptionInputs({
  options,
  values,
  currency,
  onChange,
  idBase,
}: {
  options: CustomOption[];
  values: OptionValues;
  currency: string;
  onChange: (id: number, value: string) => void;
  idBase: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (options.length === 0) return null;
  return (
    <div className="custom-options">
      {options.map((option) => {
        const id = `${idBase}-option-${option.id}`;
        const hintId = `${id}-hint`;
        const hints = [option.price > 0 ? t("product.option.surcharge", { price: formatPrice(locale, option.price, currency) }) : ""]
          .concat(option.maxLength ? t("product.option.maxLength", { max: option.maxLength }) : "")
          .filter(Boolean);
        return (
          <div key={option.id} className="field custom-option">
            <label htmlFor={id}>
              {option.title}
              {option.required ? (
                <span className="custom-option__required">
                  {" "}
                  <span aria-hidden="true">*</span>
                  <span className="sr-only">({t("product.option.required")})</span>
                </span>
              ) : (
                <span className="custom-option__optional"> ({t("product.option.optional")})</span>
              )}
            </label>
            {hints.length > 0 ? (
              <p className="field__hint" id={hintId}>
                {hints.join(" · ")}
              </p>
            ) : null}
            <input
              id={id}
              name={customOptionField(option.id)}
              type={option.option_type === "number" ? "number" : "text"}
              inputMode={option.option_type === "number" ? "decimal" : undefined}
              maxLength={option.option_type === "text" && option.maxLength ? option.maxLength : undefined}
              required={option.required}
              value={values[option.id] ?? ""}
              onChange={(event) => onChange(option.id, event.target.value)}
              aria-describedby={hints.length > 0 ? hintId : undefined}
              list={option.custom_option_values.length > 0 ? `${id}-values` : undefined}
            />
            {option.custom_option_values.length > 0 ? (
              <datalist id={`${id}-values`}>
                {option.custom_option_values.map((v) => (
                  <option key={v.label} value={v.label} />
                ))}
              </datalist>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** SPEC §5 Quantity: a positive whole number, 1 by default. */
export function QuantityInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <div className="field quantity-field">
      <label htmlFor={id}>{t("product.quantity")}</label>
      <input
        id={id}
        name="qty"
        type="number"
        inputMode="numeric"
        min={1}
        max={CART_QTY_MAX}
        step={1}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
