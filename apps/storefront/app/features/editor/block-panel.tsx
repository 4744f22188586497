import type { ImageData, LinkData, Locale } from "@shop/contracts";
import { useId } from "react";
import { useT } from "../../ui/i18n.tsx";
import { emptyItem, type FieldSpec } from "./block-fields.ts";
import { CategoriesField } from "./fields/categories-field.tsx";
import { IconField } from "./fields/icon-field.tsx";
import { ImageField } from "./fields/image-field.tsx";
import { LinkField } from "./fields/link-field.tsx";
import { ProductsField } from "./fields/products-field.tsx";
import { TermField } from "./fields/term-field.tsx";
import { InlineText } from "./inline-text.tsx";

type Data = Record<string, unknown>;

/** One field of a block's data, by its kind (block-fields.ts), with the field editors of fields/*. */
function FieldInput({
  spec,
  value,
  onChange,
  locale,
  readOnly,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  locale: Locale;
  readOnly: boolean;
}) {
  const t = useT();
  const id = useId();
  const label = t(`editor.field.${spec.key}`);
  switch (spec.kind) {
    case "text":
      return (
        <label className="editor-field" htmlFor={id}>
          <span>{label}</span>
          {spec.multiline ? (
            <textarea id={id} rows={3} value={String(value ?? "")} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />
          ) : (
            <input id={id} value={String(value ?? "")} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />
          )}
        </label>
      );
    case "richText":
      return (
        <div className="editor-field">
          <span>{label}</span>
          <InlineText kind="richText" value={String(value ?? "")} label={label} readOnly={readOnly} onChange={onChange} />
        </div>
      );
    case "number":
      return (
        <label className="editor-field" htmlFor={id}>
          <span>{label}</span>
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={spec.min}
            max={spec.max}
            step="any"
            value={typeof value === "number" ? value : ""}
            readOnly={readOnly}
            onChange={(e) => onChange(e.target.value === "" ? (spec.min ?? 0) : Number(e.target.value))}
          />
        </label>
      );
    case "choice":
      return (
        <label className="editor-field" htmlFor={id}>
          <span>{label}</span>
          <select id={id} value={String(value ?? spec.options[0])} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
            {spec.options.map((o) => (
              <option key={o} value={o}>
                {t(`editor.choice.${o}`)}
              </option>
            ))}
          </select>
        </label>
      );
    case "icon":
      return (
        <IconField id={id} label={label} locale={locale} value={value as string | undefined} options={spec.options} onChange={onChange} />
      );
    case "formRef":
      return (
        <label className="editor-field" htmlFor={id}>
          <span>{label}</span>
          <input
            id={id}
            value={String(value ?? "")}
            readOnly={readOnly}
            // A form is named by its slug ('contact') or its number.
            onChange={(e) => onChange(/^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value)}
          />
        </label>
      );
    case "link":
      return (
        <LinkField
          id={id}
          label={label}
          locale={locale}
          value={value as LinkData | undefined}
          // An optional link left empty is no link.
          onChange={(link) => onChange(spec.optional && !link.label && !link.href ? undefined : link)}
        />
      );
    case "image":
      return (
        <ImageField
          id={id}
          label={label}
          locale={locale}
          value={value as ImageData | undefined}
          onChange={(image) => onChange(spec.optional && !image.src ? undefined : image)}
        />
      );
    case "term":
      // An empty slug is every category's newest posts.
      return (
        <TermField
          id={id}
          label={label}
          locale={locale}
          value={value as string | undefined}
          onChange={(slug) => onChange(slug || undefined)}
        />
      );
    case "products":
      return <ProductsField id={id} label={label} locale={locale} value={value as number[] | undefined} onChange={onChange} />;
    case "categories":
      return <CategoriesField id={id} label={label} locale={locale} value={value as number[] | undefined} onChange={onChange} />;
    case "imageList":
      return (
        <ItemList
          label={label}
          items={(value as ImageData[] | undefined) ?? []}
          max={spec.max}
          readOnly={readOnly}
          empty={() => ({ src: "", alt: "" })}
          onChange={onChange}
          render={(item, change, n) => (
            <ImageField id={`${id}-${n}`} label={`${label} ${n + 1}`} locale={locale} value={item} onChange={change} />
          )}
        />
      );
    case "list":
      return (
        <ItemList
          label={label}
          items={(value as Data[] | undefined) ?? []}
          max={spec.max}
          readOnly={readOnly}
          empty={() => emptyItem(spec.fields)}
          onChange={onChange}
          render={(item, change) => <Fields fields={spec.fields} data={item} onChange={change} locale={locale} readOnly={readOnly} />}
        />
      );
  }
}

/** A list field's items: each with its fields, moved, removed, added. */
function ItemList<I>({
  label,
  items,
  max,
  readOnly,
  empty,
  onChange,
  render,
}: {
  label: string;
  items: I[];
  max: number;
  readOnly: boolean;
  empty: () => I;
  onChange: (items: I[]) => void;
  render: (item: I, change: (item: I) => void, index: number) => React.ReactNode;
}) {
  const t = useT();
  const replace = (index: number, item: I) => onChange(items.map((old, i) => (i === index ? item : old)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as I);
    onChange(next);
  };
  return (
    <fieldset className="editor-list">
      <legend>{label}</legend>
      <ol>
        {items.map((item, index) => (
          // Items have no ids of their own; their place is who they are while the panel is open.
          <li key={index} className="editor-list__item">
            {render(item, (next) => replace(index, next), index)}
            {readOnly ? null : (
              <div className="editor-list__actions">
                <button type="button" className="button button--small button--ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t("editor.item.up")}
                  <span className="sr-only"> {index + 1}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t("editor.item.down")}
                  <span className="sr-only"> {index + 1}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  {t("editor.item.remove")}
                  <span className="sr-only"> {index + 1}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {readOnly || items.length >= max ? null : (
        <button type="button" className="button button--small" onClick={() => onChange([...items, empty()])}>
          {t("editor.item.add")}
        </button>
      )}
    </fieldset>
  );
}

/** The fields of a block (or of a list item). */
export function Fields({
  fields,
  data,
  onChange,
  locale,
  readOnly,
}: {
  fields: readonly FieldSpec[];
  data: Data;
  onChange: (data: Data) => void;
  locale: Locale;
  readOnly: boolean;
}) {
  return (
    <>
      {fields.map((spec) => (
        <FieldInput
          key={spec.key}
          spec={spec}
          value={data[spec.key]}
          locale={locale}
          readOnly={readOnly}
          onChange={(value) => {
            const next = { ...data };
            if (value === undefined) delete next[spec.key];
            else next[spec.key] = value;
            onChange(next);
          }}
        />
      ))}
    </>
  );
}
