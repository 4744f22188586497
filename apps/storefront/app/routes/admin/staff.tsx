import { LOCALES, STAFF_ROLES, STAFF_SCOPES, type StaffView, SYSTEM_ROUTES, staffCreateBody, staffUpdateBody } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../features/admin/admin.server.ts";
import { AdminPage } from "../../features/admin/admin-page.tsx";
import { failureFields, failureStatus, failureText } from "../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../features/forms/form-values.ts";
import { Field } from "../../ui/field.tsx";
import { useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { Route } from "./+types/staff";
import "../../styles/forms.css";

const DONE = new Set(["created", "saved"]);

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const list = await adminCall(args, staff.platform, api.staff.filterStaff);
  if (!list.ok) throw data(list.message, { status: failureStatus(list) });
  const done = new URL(args.request.url).searchParams.get("done");
  return { records: list.data.records, done: done && DONE.has(done) ? done : null, me: staff.user.id };
}

interface ActionData {
  intent: string;
  id?: number;
  fieldErrors: FieldErrors;
  formError: string | null;
  values?: Record<string, string>;
}

function rightsOf(form: FormData) {
  return { role: formText(form, "role"), scopes: form.getAll("scopes").filter((s): s is string => typeof s === "string") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  if (intent === "create") {
    const values = {
      email: formText(form, "email"),
      firstName: formText(form, "firstName"),
      lastName: formText(form, "lastName"),
      language: formText(form, "language"),
    };
    const parsed = staffCreateBody.safeParse({ ...values, ...rightsOf(form) });
    if (!parsed.success)
      return data<ActionData>({ intent, fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, values }, { status: 400 });
    const result = await adminCall(args, staff.platform, api.staff.createStaff, { body: parsed.data });
    if (!result.ok) {
      return data<ActionData>(
        { intent, fieldErrors: failureFields(result), formError: failureText(result, t), values },
        { status: failureStatus(result) },
      );
    }
    throw redirect(`${SYSTEM_ROUTES.adminStaff}?done=created`);
  }
  if (intent === "update") {
    const id = Number(formText(form, "id"));
    const parsed = staffUpdateBody.safeParse(rightsOf(form));
    if (!parsed.success || !Number.isInteger(id))
      return data<ActionData>({ intent, id, fieldErrors: {}, formError: t("validation.invalid") }, { status: 400 });
    const result = await adminCall(args, staff.platform, api.staff.updateStaff, { params: { id }, body: parsed.data });
    if (!result.ok)
      return data<ActionData>({ intent, id, fieldErrors: {}, formError: failureText(result, t) }, { status: failureStatus(result) });
    throw redirect(`${SYSTEM_ROUTES.adminStaff}?done=saved`);
  }
  throw data(null, { status: 400 });
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const created = actionData?.intent === "create" ? actionData : null;
  return (
    <AdminPage heading={t("admin.staff.heading")}>
      {loaderData.done ? <Notice kind="success">{t(`admin.staff.${loaderData.done}`)}</Notice> : null}
      <ul className="admin-staff">
        {loaderData.records.map((member) => (
          <li key={member.id} className="admin-card">
            <StaffRights
              member={member}
              error={actionData?.intent === "update" && actionData.id === member.id ? actionData.formError : null}
            />
          </li>
        ))}
      </ul>
      <h2 id="new-staff">{t("admin.staff.new")}</h2>
      <p>{t("admin.staff.inviteNote")}</p>
      {created?.formError ? <Notice kind="error">{created.formError}</Notice> : null}
      <Form method="post" className="form admin-card" aria-labelledby="new-staff" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Field
          name="email"
          type="email"
          label={t("admin.staff.email")}
          required
          autoComplete="off"
          defaultValue={created?.values?.email}
          error={created?.fieldErrors.email}
        />
        <Field
          name="firstName"
          label={t("admin.staff.firstName")}
          required
          defaultValue={created?.values?.firstName}
          error={created?.fieldErrors.firstName}
        />
        <Field
          name="lastName"
          label={t("admin.staff.lastName")}
          required
          defaultValue={created?.values?.lastName}
          error={created?.fieldErrors.lastName}
        />
        <div className="field">
          <label htmlFor="field-language">{t("admin.staff.language")}</label>
          <select id="field-language" name="language" defaultValue={created?.values?.language ?? "hr"}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <RightsFields idPrefix="new" staffRole="staff" scopes={[]} />
        <button type="submit" className="button">
          {t("admin.staff.create")}
        </button>
      </Form>
    </AdminPage>
  );
}

function StaffRights({ member, error }: { member: StaffView; error: string | null }) {
  const t = useT();
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Form method="post" className="form" aria-label={t("admin.staff.rightsOf", { name })}>
      <p className="admin-card__title">
        <strong>{name}</strong> <span>{member.email}</span>
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={member.id} />
      <RightsFields idPrefix={`m${member.id}`} staffRole={member.role} scopes={member.scopes} />
      <button type="submit" className="button button--small">
        {t("admin.staff.save")}
      </button>
    </Form>
  );
}

function RightsFields({ idPrefix, staffRole: role, scopes }: { idPrefix: string; staffRole: string; scopes: readonly string[] }) {
  const t = useT();
  return (
    <div className="admin-rights">
      <fieldset>
        <legend>{t("admin.staff.role")}</legend>
        {STAFF_ROLES.map((r) => (
          <label key={r} htmlFor={`${idPrefix}-role-${r}`}>
            <input type="radio" id={`${idPrefix}-role-${r}`} name="role" value={r} defaultChecked={role === r} /> {t(`admin.role.${r}`)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("admin.staff.scopes")}</legend>
        {STAFF_SCOPES.map((s) => (
          <label key={s} htmlFor={`${idPrefix}-scope-${s}`}>
            <input
              type="checkbox"
              id={`${idPrefix}-scope-${s}`}
              name="scopes"
              value={s}
              defaultChecked={role === "administrator" || scopes.includes(s)}
            />{" "}
            {t(`admin.scope.${s}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
