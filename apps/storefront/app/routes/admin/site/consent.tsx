import { assignedToField, type ConsentAdminView, consentCreateBody, LOCALES, type Locale, SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/consent";
import { consentPlacePath, placeName } from "./consent-places.ts";
import "../../../styles/forms.css";
import "../../../styles/admin-site.css";

const LANGUAGE_NAMES: Record<Locale, string> = { hr: "Hrvatski", en: "English", de: "Deutsch" };
/** The editor's rows: a place's set (at most 50, the contract's limit) and one to add. */
const MAX_ROWS = 51;

/** The place of the address, or a 404 for a name no place can have. */
function placeOf(params: { slug?: string }, locale: Locale): string {
  const parsed = assignedToField().safeParse(params.slug ?? "");
  if (!parsed.success) throw data(translator(locale)("error.notFound"), { status: 404 });
  return parsed.data;
}

/** SPEC §2 /admin/consent/{slug}: the consents shown at one place (SPEC §7 consent/create's set), their texts and the required ones. */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const place = placeOf(args.params, staff.locale);
  const set = await adminCall(args, staff.platform, api.consents.adminPlace, { params: { assigned_to: place } });
  if (!set.ok) throw data(set.message, { status: failureStatus(set) });
  const saved = new URL(args.request.url).searchParams.get("done") === "saved";
  return { place, consents: set.data.consents, required: set.data.requiredConsents, saved };
}

interface ActionData {
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}

/** Where the contract's path of a refused field is on the form: `consents.2.displayName.en` is row r's `en`. */
function fieldOfPath(path: string, rowOf: readonly number[]): string | null {
  const match = /^consents\.(\d+)\.(uniqueNumber|displayName)(?:\.(hr|en|de))?$/.exec(path);
  if (!match) return null;
  const row = rowOf[Number(match[1])];
  if (row === undefined) return null;
  return match[2] === "uniqueNumber" ? `row.${row}.uniqueNumber` : `row.${row}.${match[3] ?? "hr"}`;
}

function placeFields(errors: FieldErrors, rowOf: readonly number[]): { fields: FieldErrors; rest: string | null } {
  const fields: FieldErrors = {};
  let rest: string | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const field = fieldOfPath(path, rowOf);
    if (field) fields[field] ??= message;
    else rest ??= message;
  }
  return { fields, rest };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const place = placeOf(args.params, staff.locale);
  const form = await args.request.formData();
  const rows = Math.min(Math.max(Number(formText(form, "rows")) || 0, 0), MAX_ROWS);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name.startsWith("row.")) values[name] = value;

  const consents: { uniqueNumber: string; displayName?: Partial<Record<Locale, string>> }[] = [];
  const requiredConsents: string[] = [];
  const rowOf: number[] = [];
  for (let row = 0; row < rows; row++) {
    const at = (name: string) => formText(form, `row.${row}.${name}`).trim();
    if (at("remove") === "true") continue;
    const texts = Object.fromEntries(LOCALES.flatMap((l) => (at(l) ? [[l, at(l)]] : [])));
    const uniqueNumber = at("uniqueNumber");
    // The empty row for a new consent, left empty.
    if (at("new") === "1" && !uniqueNumber && Object.keys(texts).length === 0) continue;
    consents.push({ uniqueNumber, ...(Object.keys(texts).length > 0 ? { displayName: texts } : {}) });
    rowOf.push(row);
    if (at("required") === "true") requiredConsents.push(uniqueNumber);
  }
  if (consents.length === 0)
    return data<ActionData>({ fieldErrors: {}, formError: t("admin.site.consent.keepOne"), values }, { status: 400 });

  const parsed = consentCreateBody.safeParse({ assigned_to: place, consents, requiredConsents });
  if (!parsed.success) {
    const { fields, rest } = placeFields(fieldErrors(parsed.error.issues, t), rowOf);
    return data<ActionData>({ fieldErrors: fields, formError: rest ?? t("admin.site.consent.fix"), values }, { status: 400 });
  }
  const result = await adminCall(args, staff.platform, api.consents.create, { body: parsed.data });
  if (!result.ok) {
    const { fields } = placeFields(failureFields(result), rowOf);
    return data<ActionData>({ fieldErrors: fields, formError: failureText(result, t), values }, { status: failureStatus(result) });
  }
  throw redirect(`${consentPlacePath(place)}?done=saved`);
}

export default function ConsentPlacePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { place, consents, required } = loaderData;
  const name = placeName(t, place);
  const rowCount = consents.length + 1;
  return (
    <section className="admin-page" aria-labelledby="admin-heading">
      <title>{`${t("admin.site.consent.heading", { place: name })} – ${t("admin.title")}`}</title>
      <p>
        <Link to={SYSTEM_ROUTES.adminConsent}>{t("admin.site.consent.back")}</Link>
      </p>
      <h1 id="admin-heading">{t("admin.site.consent.heading", { place: name })}</h1>
      <p>
        {t("admin.site.consent.assignedTo")} <code>{place}</code>
      </p>
      <p>{t("admin.site.consent.intro")}</p>
      {loaderData.saved && !actionData ? <Notice kind="success">{t("admin.site.consent.saved")}</Notice> : null}
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      {consents.length === 0 ? <p>{t("admin.site.consent.none")}</p> : null}
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="rows" value={rowCount} />
        {consents.map((consent, row) => (
          <ConsentRow
            key={consent.uniqueNumber}
            row={row}
            consent={consent}
            required={required.includes(consent.uniqueNumber)}
            failed={actionData ?? null}
          />
        ))}
        <ConsentRow row={consents.length} consent={null} required={false} failed={actionData ?? null} />
        <button type="submit" className="button">
          {t("admin.site.consent.save")}
        </button>
      </Form>
    </section>
  );
}

function ConsentRow({
  row,
  consent,
  required,
  failed,
}: {
  row: number;
  consent: ConsentAdminView | null;
  required: boolean;
  failed: ActionData | null;
}) {
  const t = useT();
  const name = (field: string) => `row.${row}.${field}`;
  const id = (field: string) => `consent-${row}-${field}`;
  const value = (field: string, saved: string) => (failed ? (failed.values[name(field)] ?? "") : saved);
  const checked = (field: string, saved: boolean) => (failed ? failed.values[name(field)] === "true" : saved);
  const headingId = id("heading");
  const errorOf = (field: string) => failed?.fieldErrors[name(field)];
  return (
    <fieldset className="admin-card admin-site__consent" aria-labelledby={headingId}>
      <legend id={headingId}>
        {consent ? (
          <>
            {t("admin.site.consent.consent")} <code>{consent.uniqueNumber}</code>
          </>
        ) : (
          t("admin.site.consent.add")
        )}
      </legend>
      {consent ? (
        <input type="hidden" name={name("uniqueNumber")} value={consent.uniqueNumber} />
      ) : (
        <>
          <input type="hidden" name={name("new")} value="1" />
          <Field
            id={id("uniqueNumber")}
            name={name("uniqueNumber")}
            label={t("admin.site.consent.uniqueNumber")}
            hint={t("admin.site.consent.uniqueNumberHint")}
            defaultValue={value("uniqueNumber", "")}
            maxLength={64}
            error={errorOf("uniqueNumber")}
          />
        </>
      )}
      {LOCALES.map((l) => {
        const error = errorOf(l);
        const describedBy = [`${id(l)}-hint`, error ? `${id(l)}-error` : ""].filter(Boolean).join(" ");
        return (
          <div key={l} className={`field${error ? " field--invalid" : ""}`}>
            <label htmlFor={id(l)}>{t("admin.site.consent.text", { language: LANGUAGE_NAMES[l] })}</label>
            <p className="field__hint" id={`${id(l)}-hint`}>
              {t(l === "hr" ? "admin.site.consent.textHintHr" : "admin.site.consent.textHint")}
            </p>
            <textarea
              id={id(l)}
              name={name(l)}
              lang={l}
              rows={2}
              maxLength={5000}
              defaultValue={value(l, consent?.displayName[l] ?? "")}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            {error ? (
              <p className="field__error" id={`${id(l)}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {consent?.displayName.hr ? (
        <div className="admin-site__preview-box">
          <p className="field__hint">{t("admin.site.consent.preview")}</p>
          <div
            className="admin-site__preview"
            lang="hr"
            // Sanitised by the platform when it was saved: what visitors see next to the checkbox.
            dangerouslySetInnerHTML={{ __html: consent.displayName.hr }}
          />
        </div>
      ) : null}
      <div className="field field--checkbox">
        <input id={id("required")} type="checkbox" name={name("required")} value="true" defaultChecked={checked("required", required)} />
        <label htmlFor={id("required")}>{t("admin.site.consent.required")}</label>
      </div>
      {consent ? (
        <div className="field field--checkbox">
          <input id={id("remove")} type="checkbox" name={name("remove")} value="true" defaultChecked={checked("remove", false)} />
          <label htmlFor={id("remove")}>{t("admin.site.consent.remove")}</label>
        </div>
      ) : null}
    </fieldset>
  );
}
