import { type AdminAttribute, LAYERED_FILTER_TYPES, LOCALES, type Locale, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminAttributeInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { data } from "react-router";
import { adminCall } from "../../../features/admin/admin.server.ts";
import { failureStatus } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/attribute";
import { editorOf, notFound, saveEditor } from "./catalog-editor.server.ts";
import { inLocale } from "./catalog-forms.ts";
import { bindFields, CatalogPage, Check, EditorForm } from "./catalog-ui.tsx";

/** Blank rows for new choices under the stored ones: more can be added after saving. */
const NEW_ROWS = 3;

type Labels = Record<Locale, string>;
interface ValueRow {
  id: string;
  labels: Labels;
  swatch: string;
  remove: boolean;
}
interface AttributeState {
  code: string;
  inputType: string;
  filterable: boolean;
  position: string;
  customClass: string;
  labels: Labels;
  values: ValueRow[];
}

const noLabels = (): Labels => ({ hr: "", en: "", de: "" });
const labelsOf = (ts: readonly { language: Locale; label: string }[]): Labels => {
  const out = noLabels();
  for (const tr of ts) out[tr.language] = tr.label;
  return out;
};
const blankRow = (): ValueRow => ({ id: "", labels: noLabels(), swatch: "", remove: false });

function stateOf(a: AdminAttribute | null): AttributeState {
  return {
    code: a?.code ?? "",
    inputType: a?.inputType ?? "Dropdown",
    filterable: a?.filterable ?? true,
    position: String(a?.position ?? 0),
    customClass: a?.customClass ?? "",
    labels: a ? labelsOf(a.translations) : noLabels(),
    values: [
      ...(a?.values ?? []).map((v) => ({ id: String(v.id), labels: labelsOf(v.translations), swatch: v.swatch ?? "", remove: false })),
      ...Array.from({ length: NEW_ROWS }, blankRow),
    ],
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, id } = await editorOf(args);
  const list = await adminCall(args, staff.platform, api.adminCatalog.attributeList);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  const attribute = id === "new" ? null : list.data.find((a) => a.id === id);
  if (attribute === undefined) notFound(staff);
  return {
    isNew: attribute === null,
    name: attribute ? (inLocale(attribute.translations, staff.locale)?.label ?? attribute.code) : "",
    state: stateOf(attribute),
    key: attribute ? JSON.stringify(attribute) : "new",
  };
}

const labelsFrom = (labels: Labels) =>
  LOCALES.filter((l) => l === "hr" || labels[l].trim() !== "").map((language) => ({ language, label: labels[language] }));

export async function action(args: Route.ActionArgs) {
  const editor = await editorOf(args);
  const form = await args.request.formData();
  const rows = Math.min(Number(formText(form, "rows")) || 0, 500 + NEW_ROWS);
  const readLabels = (prefix: string) => Object.fromEntries(LOCALES.map((l) => [l, formText(form, `${prefix}.${l}`)])) as Labels;
  const state: AttributeState = {
    code: formText(form, "code").trim(),
    inputType: formText(form, "inputType"),
    filterable: formText(form, "filterable") === "1",
    position: formText(form, "position"),
    customClass: formText(form, "customClass"),
    labels: readLabels("label"),
    values: Array.from({ length: rows }, (_, i) => ({
      id: formText(form, `value.${i}.id`),
      labels: readLabels(`value.${i}.label`),
      swatch: formText(form, `value.${i}.swatch`),
      remove: formText(form, `value.${i}.remove`) === "1",
    })),
  };
  // A stored choice ticked for removal, and a blank new row, are left out of what is sent.
  const sentRows = state.values.flatMap((v, row) =>
    v.remove || (v.id === "" && Object.values(v.labels).every((l) => l.trim() === "") && v.swatch.trim() === "") ? [] : [row],
  );
  const rename = (path: string) => {
    const [head, index, leaf] = path.split(".");
    if (head === "translations") return "label.hr";
    if (head !== "values" || index === undefined) return head ?? path;
    const row = sentRows[Number(index)] ?? 0;
    return leaf === "swatch" ? `value.${row}.swatch` : `value.${row}.label.hr`;
  };
  const position = state.position.trim() === "" ? 0 : Number(state.position);
  const parsed = adminAttributeInput.safeParse({
    code: state.code,
    inputType: state.inputType,
    filterable: state.filterable,
    position: Number.isInteger(position) ? position : -1,
    customClass: state.customClass.trim() || null,
    translations: labelsFrom(state.labels),
    values: sentRows.map((row) => {
      const v = state.values[row] ?? blankRow();
      return { ...(v.id ? { id: Number(v.id) } : {}), swatch: v.swatch.trim() || null, translations: labelsFrom(v.labels) };
    }),
  });
  return saveEditor(editor, {
    state,
    parsed,
    rename,
    listPath: SYSTEM_ROUTES.adminCatalogAttributes,
    create: (body) => adminCall(args, editor.staff.platform, api.adminCatalog.attributeCreate, { body }),
    update: (id, body) => adminCall(args, editor.staff.platform, api.adminCatalog.attributeUpdate, { params: { id }, body }),
  });
}

export default function AttributePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { isNew, name } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  const bound = bindFields(state, errors);
  return (
    <CatalogPage refusal={actionData} title={isNew ? t("admin.catalog.attributes.new") : t("admin.catalog.attributes.edit", { name })}>
      <EditorForm isNew={isNew} formError={actionData?.formError} key={loaderData.key}>
        <input type="hidden" name="rows" value={state.values.length} />
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.basics")}</legend>
          <Field
            {...bound("code")}
            label={t("admin.catalog.attributes.code")}
            hint={t("admin.catalog.attributes.codeHint")}
            autoComplete="off"
          />
          <SelectField
            {...bound("inputType")}
            label={t("admin.catalog.attributes.type")}
            options={LAYERED_FILTER_TYPES.map((type) => ({ value: type, label: t(`admin.catalog.attributeType.${type}`) }))}
          />
          <Check
            id="attribute-filterable"
            name="filterable"
            label={t("admin.catalog.attributes.filterableLong")}
            checked={state.filterable}
          />
          <Field {...bound("position")} label={t("admin.catalog.attributes.position")} inputMode="numeric" />
          <Field {...bound("customClass")} label={t("admin.catalog.attributes.customClass")} autoComplete="off" />
          {LOCALES.map((l) => (
            <Field
              key={l}
              name={`label.${l}`}
              label={t("admin.catalog.attributes.labelIn", { language: l.toUpperCase() })}
              defaultValue={state.labels[l]}
              error={errors[`label.${l}`]}
            />
          ))}
        </fieldset>
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.attributes.choices")}</legend>
          <p className="field__hint">{t("admin.catalog.attributes.choicesHint")}</p>
          <ol className="catalog-values">
            {state.values.map((v, row) => (
              <li key={`${row}-${v.id}`}>
                <fieldset className="catalog-subset">
                  <legend>
                    {v.id
                      ? t("admin.catalog.attributes.choice", { name: v.labels[locale] || v.labels.hr })
                      : t("admin.catalog.attributes.newChoice", { n: row + 1 })}
                  </legend>
                  <input type="hidden" name={`value.${row}.id`} value={v.id} />
                  {LOCALES.map((l) => (
                    <Field
                      key={l}
                      name={`value.${row}.label.${l}`}
                      label={t("admin.catalog.attributes.labelIn", { language: l.toUpperCase() })}
                      defaultValue={v.labels[l]}
                      error={errors[`value.${row}.label.${l}`]}
                    />
                  ))}
                  <Field
                    name={`value.${row}.swatch`}
                    label={t("admin.catalog.attributes.swatch")}
                    hint={t("admin.catalog.attributes.swatchHint")}
                    defaultValue={v.swatch}
                    error={errors[`value.${row}.swatch`]}
                  />
                  {v.id ? (
                    <Check
                      id={`value-${row}-remove`}
                      name={`value.${row}.remove`}
                      label={t("admin.catalog.attributes.remove")}
                      checked={v.remove}
                    />
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ol>
        </fieldset>
      </EditorForm>
    </CatalogPage>
  );
}
