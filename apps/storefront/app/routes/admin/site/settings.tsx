import {
  LOCALES,
  type Locale,
  MAINTENANCE_MESSAGE_OPTION,
  maintenanceBody,
  maintenanceMessages,
  PAGINATION,
  SYSTEM_ROUTES,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/settings";
import { groupOf, groupValues, isOn, OPTION_GROUPS, type OptionField } from "./settings-fields.ts";
import "../../../styles/forms.css";
import "../../../styles/admin-site.css";

const DONE = new Set(["options", "maintenanceOn", "maintenanceOff"]);
const LANGUAGE_NAMES: Record<Locale, string> = { hr: "Hrvatski", en: "English", de: "Deutsch" };

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const [options, media] = await Promise.all([
    adminCall(args, staff.platform, api.settings.optionFilter, { query: {} }),
    // The logo is picked from the media library; staff without the content scope type its address instead.
    staff.platform.call(api.media.filterStandard, { body: { search: "", access: "public", page: 1, limit: PAGINATION.maxLimit } }),
  ]);
  if (!options.ok) throw data(options.message, { status: failureStatus(options) });
  const values = Object.fromEntries(options.data.records.map((r) => [r.key, r.value]));
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    values,
    maintenance: values.MaintenanceMode === "true",
    message: maintenanceMessages(values[MAINTENANCE_MESSAGE_OPTION]),
    images: media.ok
      ? media.data.records.flatMap((m) => (m.url && m.mime.startsWith("image/") ? [{ url: m.url, title: m.title || m.originalName }] : []))
      : null,
    done: done && DONE.has(done) ? done : null,
  };
}

interface ActionData {
  intent: string;
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  if (intent === "maintenance") {
    const values = Object.fromEntries(LOCALES.map((l) => [`message.${l}`, formText(form, `message.${l}`)]));
    const parsed = maintenanceBody.safeParse({
      enabled: formText(form, "enabled") === "true",
      message: Object.fromEntries(LOCALES.map((l) => [l, formText(form, `message.${l}`)])),
    });
    if (!parsed.success)
      return data<ActionData>({ intent, fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, values }, { status: 400 });
    const result = await adminCall(args, staff.platform, api.settings.setMaintenance, { body: parsed.data });
    if (!result.ok)
      return data<ActionData>(
        { intent, fieldErrors: failureFields(result), formError: failureText(result, t), values },
        { status: failureStatus(result) },
      );
    throw redirect(`${SYSTEM_ROUTES.adminSettings}?done=${result.data.enabled ? "maintenanceOn" : "maintenanceOff"}`);
  }
  const group = groupOf(intent);
  if (!group) throw data(null, { status: 400 });
  const values = groupValues(group, (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  });
  const result = await adminCall(args, staff.platform, api.settings.setOptions, { body: { options: values } });
  if (!result.ok) {
    // The platform names a refused option `options.<key>`; the form's field is the key.
    const fields = Object.fromEntries(
      Object.entries(failureFields(result)).map(([path, message]) => [path.replace(/^options\./, ""), message]),
    );
    return data<ActionData>({ intent, fieldErrors: fields, formError: failureText(result, t), values }, { status: failureStatus(result) });
  }
  throw redirect(`${SYSTEM_ROUTES.adminSettings}?done=options#${group.key}`);
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { values, done } = loaderData;
  return (
    <AdminPage heading={t("admin.site.settings.heading")}>
      {done ? <Notice kind="success">{t(`admin.site.settings.done.${done}`)}</Notice> : null}
      <Maintenance
        on={loaderData.maintenance}
        message={loaderData.message}
        failed={actionData?.intent === "maintenance" ? actionData : null}
      />
      {OPTION_GROUPS.map((group) => {
        const failed = actionData?.intent === group.key ? actionData : null;
        const headingId = `settings-${group.key}`;
        return (
          <Form key={group.key} method="post" className="form admin-card" aria-labelledby={headingId} id={group.key} noValidate>
            <h2 id={headingId}>{t(`admin.site.settings.group.${group.key}`)}</h2>
            {failed?.formError ? <Notice kind="error">{failed.formError}</Notice> : null}
            <input type="hidden" name="intent" value={group.key} />
            {group.fields.map((field) => (
              <OptionInput
                key={field.key}
                field={field}
                value={failed ? (failed.values[field.key] ?? "") : (values[field.key] ?? "")}
                error={failed?.fieldErrors[field.key]}
                images={loaderData.images}
              />
            ))}
            <button type="submit" className="button">
              {t("admin.site.settings.save")}
            </button>
          </Form>
        );
      })}
    </AdminPage>
  );
}

function Maintenance({ on, message, failed }: { on: boolean; message: Partial<Record<Locale, string>>; failed: ActionData | null }) {
  const t = useT();
  return (
    <Form method="post" className="form admin-card" aria-labelledby="settings-maintenance" id="maintenance" noValidate>
      <h2 id="settings-maintenance">{t("admin.site.maintenance.heading")}</h2>
      <p className={`admin-site__state admin-site__state--${on ? "on" : "off"}`}>
        {t(on ? "admin.site.maintenance.isOn" : "admin.site.maintenance.isOff")}
      </p>
      {failed?.formError ? <Notice kind="error">{failed.formError}</Notice> : null}
      <input type="hidden" name="intent" value="maintenance" />
      <fieldset className="admin-site__choice">
        <legend>{t("admin.site.maintenance.mode")}</legend>
        <label>
          <input type="radio" name="enabled" value="true" defaultChecked={on} /> {t("admin.site.maintenance.on")}
        </label>
        <label>
          <input type="radio" name="enabled" value="false" defaultChecked={!on} /> {t("admin.site.maintenance.off")}
        </label>
      </fieldset>
      <p className="field__hint">{t("admin.site.maintenance.messageHint")}</p>
      {LOCALES.map((l) => {
        const name = `message.${l}`;
        const error = failed?.fieldErrors[name];
        return (
          <div key={l} className={`field${error ? " field--invalid" : ""}`}>
            <label htmlFor={`field-message-${l}`}>{t("admin.site.maintenance.message", { language: LANGUAGE_NAMES[l] })}</label>
            <textarea
              id={`field-message-${l}`}
              name={name}
              lang={l}
              rows={2}
              maxLength={1000}
              defaultValue={failed ? failed.values[name] : (message[l] ?? "")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `field-message-${l}-error` : undefined}
            />
            {error ? (
              <p className="field__error" id={`field-message-${l}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="button">
        {t("admin.site.maintenance.save")}
      </button>
    </Form>
  );
}

function OptionInput({
  field,
  value,
  error,
  images,
}: {
  field: OptionField;
  value: string;
  error: string | undefined;
  images: { url: string; title: string }[] | null;
}) {
  const t = useT();
  const label = t(`admin.site.option.${field.key}`);
  const id = `option-${field.key}`;
  const errorId = error ? `${id}-error` : undefined;
  const errorText = error ? (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  ) : null;
  if (field.kind === "switch") {
    return (
      <div className={`field field--checkbox${error ? " field--invalid" : ""}`}>
        <input id={id} type="checkbox" name={field.key} value="on" defaultChecked={isOn(field, value)} aria-describedby={errorId} />
        <label htmlFor={id}>{label}</label>
        {errorText}
      </div>
    );
  }
  if (field.kind === "logo" && images) {
    const known = images.some((i) => i.url === value);
    return (
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label htmlFor={id}>{label}</label>
        <select id={id} name={field.key} defaultValue={value} aria-describedby={errorId}>
          <option value="">{t("admin.site.settings.noLogo")}</option>
          {value && !known ? <option value={value}>{value}</option> : null}
          {images.map((image) => (
            <option key={image.url} value={image.url}>
              {image.title}
            </option>
          ))}
        </select>
        {value ? <img className="admin-site__logo" src={value} alt={t("admin.site.settings.logoNow")} /> : null}
        {errorText}
      </div>
    );
  }
  if (field.kind === "textarea") {
    return (
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          name={field.key}
          rows={3}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        {errorText}
      </div>
    );
  }
  return (
    <Field
      id={id}
      name={field.key}
      type={field.kind === "logo" ? "text" : field.kind}
      {...(field.kind === "number" ? { min: 1, max: 10, inputMode: "numeric" as const } : {})}
      label={label}
      defaultValue={value}
      error={error}
      hint={field.key.startsWith("Google") ? t(`admin.site.option.${field.key}Hint`) : undefined}
    />
  );
}
