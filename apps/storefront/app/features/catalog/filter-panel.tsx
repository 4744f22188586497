import { type LayeredFilter, type LayeredFilterValue, SINGLE_CHOICE_FILTER_TYPES } from "@shop/contracts";
import { formatDate, formatNumber, formatPrice } from "@shop/i18n";
import { useState } from "react";
import { useLocale, useT } from "../../ui/i18n.tsx";
import { type FilterQueryValue, isRangeFilter, type RangeEnd, rangeBounds } from "./filter-query.ts";

/** The query value a YesNo filter's value stands for: its id is 1 for yes, 0 for no. */
export function yesNoOf(value: LayeredFilterValue): "yes" | "no" {
  return value.attributeID === 1 ? "yes" : "no";
}

function isChecked(filter: LayeredFilter, value: LayeredFilterValue, current: FilterQueryValue | undefined): boolean {
  if (current === undefined) return false;
  if (filter.type === "YesNo") return current === yesNoOf(value);
  return Array.isArray(current) && current.includes(value.attributeID);
}

function ValueLabel({ value, swatch }: { value: LayeredFilterValue; swatch: boolean }) {
  return (
    <>
      {swatch && value.swatch ? <span className="filter-option__swatch" style={{ background: value.swatch }} aria-hidden="true" /> : null}
      <span className="filter-option__text">{value.valueLabel}</span> <span className="filter-option__count">({value.totalProducts})</span>
    </>
  );
}

/** Radio buttons for one choice (Dropdown, YesNo), with 'any' to clear it; checkboxes for several. */
function ChoiceFilter({ filter, current }: { filter: LayeredFilter; current: FilterQueryValue | undefined }) {
  const t = useT();
  const single = SINGLE_CHOICE_FILTER_TYPES.includes(filter.type);
  const swatch = filter.type === "VisualSwatch";
  const id = (suffix: string | number) => `filter-${filter.attributeCode}-${suffix}`;
  return (
    <fieldset className={`filter filter--${filter.type.toLowerCase()}`}>
      <legend className="filter__legend">{filter.label}</legend>
      <ul className="filter__options">
        {single ? (
          <li className="filter-option">
            <input type="radio" id={id("any")} name={filter.attributeCode} value="" defaultChecked={current === undefined} />
            <label htmlFor={id("any")}>
              <span className="filter-option__text">{t("shop.filter.any")}</span>
            </label>
          </li>
        ) : null}
        {filter.values.map((value) => {
          const checked = isChecked(filter, value, current);
          const optionValue = filter.type === "YesNo" ? yesNoOf(value) : String(value.attributeID);
          return (
            <li key={optionValue} className="filter-option">
              <input
                type={single ? "radio" : "checkbox"}
                id={id(optionValue)}
                name={filter.attributeCode}
                value={optionValue}
                defaultChecked={checked}
                // A value no product has left is a dead end, unless it is the one chosen.
                disabled={value.totalProducts === 0 && !checked}
              />
              <label htmlFor={id(optionValue)}>
                <ValueLabel value={value} swatch={swatch} />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Min and max inputs that bound each other (SPEC §2): the lower one cannot go above the upper one's
 * value and the other way round. Both are named by the attribute code, so a form without
 * JavaScript sends them as one two-value list; an empty one takes the filter's bound. Dates are
 * chosen by day with date inputs.
 */
function RangeFilter({ filter, current }: { filter: LayeredFilter; current: FilterQueryValue | undefined }) {
  const t = useT();
  const locale = useLocale();
  const bounds = rangeBounds(filter);
  const picked = Array.isArray(current) && current.length === 2 ? current : [null, null];
  const [lo, setLo] = useState(picked[0] === null ? "" : String(picked[0]));
  const [hi, setHi] = useState(picked[1] === null ? "" : String(picked[1]));
  if (!bounds) return null;
  const dates = typeof bounds.min === "string";
  const same = (v: RangeEnd | null | undefined): v is RangeEnd => v !== null && v !== undefined && typeof v === typeof bounds.min;
  // A chosen value outside what is on offer now widens the bounds, so the form stays valid.
  const floor = same(picked[0]) && picked[0] < bounds.min ? picked[0] : bounds.min;
  const ceiling = same(picked[1]) && picked[1] > bounds.max ? picked[1] : bounds.max;
  const typed = (text: string): RangeEnd | null => (text === "" ? null : dates ? text : Number(text));
  const loValue = typed(lo);
  const hiValue = typed(hi);
  const shown = (v: RangeEnd) =>
    typeof v === "string" ? formatDate(locale, v) : filter.attributeCode === "price" ? formatPrice(locale, v) : formatNumber(locale, v);
  const id = (end: string) => `filter-${filter.attributeCode}-${end}`;
  const common = {
    type: dates ? "date" : "number",
    name: filter.attributeCode,
    // A date input may not carry a placeholder (HTML); the hint above names the range for both kinds.
    ...(dates ? {} : { inputMode: "decimal" as const, step: "any" }),
    "aria-describedby": id("hint"),
  };
  return (
    <fieldset className="filter filter--range">
      <legend className="filter__legend">{filter.label}</legend>
      <p className="filter__hint" id={id("hint")}>
        {t("shop.filter.rangeHint", { min: shown(bounds.min), max: shown(bounds.max) })}
      </p>
      <div className={`filter-range${dates ? " filter-range--dates" : ""}`}>
        <div className="filter-range__field">
          <label htmlFor={id("min")}>{t("shop.filter.min")}</label>
          <input
            {...common}
            id={id("min")}
            min={floor}
            max={hiValue !== null && hiValue < ceiling ? hiValue : ceiling}
            placeholder={dates ? undefined : String(bounds.min)}
            value={lo}
            onChange={(e) => setLo(e.currentTarget.value)}
          />
        </div>
        <span className="filter-range__dash" aria-hidden="true">
          –
        </span>
        <div className="filter-range__field">
          <label htmlFor={id("max")}>{t("shop.filter.max")}</label>
          <input
            {...common}
            id={id("max")}
            min={loValue !== null && loValue > floor ? loValue : floor}
            max={ceiling}
            placeholder={dates ? undefined : String(bounds.max)}
            value={hi}
            onChange={(e) => setHi(e.currentTarget.value)}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** One fieldset per layered filter (SPEC §2 filter panel). */
export function FilterFields({ layered, chosen }: { layered: LayeredFilter[]; chosen: (code: string) => FilterQueryValue | undefined }) {
  return (
    <>
      {layered.map((filter) =>
        isRangeFilter(filter) ? (
          <RangeFilter key={filter.attributeCode} filter={filter} current={chosen(filter.attributeCode)} />
        ) : filter.values.length ? (
          <ChoiceFilter key={filter.attributeCode} filter={filter} current={chosen(filter.attributeCode)} />
        ) : null,
      )}
    </>
  );
}
