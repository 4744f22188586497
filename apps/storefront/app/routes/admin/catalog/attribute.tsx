import { type AdminAttribute, LAYERED_FILTER_TYPES, LOCALES, type Locale, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { adminAttributeInput } from "@shop/contracts/schemas/admin-catalog.ts";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff, type Staff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field, SelectField } from "../../../ui/field.tsx";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/attribute";
import { editorId, inLocale, renameFields } from "./catalog-forms.ts";
import { CatalogPage, Check, FormError } from "./catalog-ui.tsx";

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

function notFound(staff: Staff): never {
  throw data(translator(staff.locale)("admin.catalog.notFound"), { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
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
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const id = editorId(args.params.id);
  if (id === null) notFound(staff);
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
  const refused = (errors: FieldErrors, formError: string, status: number) => data({ errors, formError, state }, { status });
  if (!parsed.success) return refused(renameFields(fieldErrors(parsed.error.issues, t), rename), t("admin.catalog.error.fields"), 400);
  const result =
    id === "new"
      ? await adminCall(args, staff.platform, api.adminCatalog.attributeCreate, { body: parsed.data })
      : await adminCall(args, staff.platform, api.adminCatalog.attributeUpdate, { params: { id }, body: parsed.data });
  if (!result.ok) {
    if (result.status === 404) notFound(staff);
    const errors = renameFields(failureFields(result), rename);
    return refused(errors, Object.keys(errors).length ? t("admin.catalog.error.fields") : failureText(result, t), failureStatus(result));
  }
  throw redirect(`${SYSTEM_ROUTES.adminCatalogAttributes}?done=${id === "new" ? "created" : "saved"}`);
}

export default function AttributePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { isNew, name } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const errors = actionData?.errors ?? {};
  return (
    <CatalogPage refusal={actionData} title={isNew ? t("admin.catalog.attributes.new") : t("admin.catalog.attributes.edit", { name })}>
      <FormError message={actionData?.formError} />
      <Form method="post" className="form catalog-form" noValidate key={loaderData.key}>
        <input type="hidden" name="rows" value={state.values.length} />
        <fieldset className="admin-card">
          <legend>{t("admin.catalog.product.basics")}</legend>
          <Field
            name="code"
            label={t("admin.catalog.attributes.code")}
            hint={t("admin.catalog.attributes.codeHint")}
            defaultValue={state.code}
            error={errors.code}
            autoComplete="off"
          />
          <SelectField
            name="inputType"
            label={t("admin.catalog.attributes.type")}
            defaultValue={state.inputType}
            error={errors.inputType}
            options={LAYERED_FILTER_TYPES.map((type) => ({ value: type, label: t(`admin.catalog.attributeType.${type}`) }))}
          />
          <Check
            id="attribute-filterable"
            name="filterable"
            label={t("admin.catalog.attributes.filterableLong")}
            checked={state.filterable}
          />
          <Field
            name="position"
            label={t("admin.catalog.attributes.position")}
            inputMode="numeric"
            defaultValue={state.position}
            error={errors.position}
          />
          <Field
            name="customClass"
            label={t("admin.catalog.attributes.customClass")}
            defaultValue={state.customClass}
            error={errors.customClass}
            autoComplete="off"
          />
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
        <button type="submit" className="button">
          {isNew ? t("admin.catalog.create") : t("admin.catalog.save")}
        </button>
      </Form>
    </CatalogPage>
  );
}
