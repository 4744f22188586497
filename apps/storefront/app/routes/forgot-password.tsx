import { localeFromPath, passwordForgotBody, passwordSetBody } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthPage } from "../features/account/auth-page.tsx";
import { loginPath, requireGuest } from "../features/account/guards.server.ts";
import { failureFields, failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, passwordConfirmation, readForm } from "../features/forms/form-values.ts";
import { useFormValidation } from "../features/forms/use-form-validation.ts";
import { platformFor } from "../platform.server.ts";
import { Field } from "../ui/field.tsx";
import { usePath, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/forgot-password";

const REQUEST_FIELDS = ["email"] as const;
const SET_FIELDS = ["token", "password", "passwordConfirmation"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return null;
}

interface ForgotActionData {
  fieldErrors: FieldErrors;
  formError: string | null;
  sent: boolean;
  email: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const platform = platformFor(context, request, locale);
  const form = await request.formData();

  if (formText(form, "token")) {
    // Step 2: the link from the e-mail, a new password.
    const values = readForm(form, SET_FIELDS);
    const parsed = passwordSetBody.safeParse(values);
    const errors = passwordConfirmation(form, t);
    if (!parsed.success) for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[path] ??= message;
    if (!parsed.success || Object.keys(errors).length > 0) {
      return data<ForgotActionData>({ fieldErrors: errors, formError: null, sent: false, email: "" }, { status: 400 });
    }
    const result = await platform.call(api.user.setPassword, { body: parsed.data });
    if (!result.ok) {
      return data<ForgotActionData>(
        { fieldErrors: failureFields(result), formError: failureText(result, t), sent: false, email: "" },
        { status: failureStatus(result) },
      );
    }
    throw redirect(`${loginPath(locale)}?passwordSet=1`);
  }

  // Step 1: ask for the link. The answer does not tell whether the address exists.
  const email = formText(form, "email");
  const parsed = passwordForgotBody.safeParse(readForm(form, REQUEST_FIELDS));
  if (!parsed.success) {
    return data<ForgotActionData>(
      { fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, sent: false, email },
      { status: 400 },
    );
  }
  const result = await platform.call(api.user.forgotPassword, { body: parsed.data });
  // Only a refused rate or a failed platform is told: any other answer must not hint whether the address exists.
  if (!result.ok && (result.status === 429 || failureStatus(result) >= 500)) {
    return data<ForgotActionData>(
      { fieldErrors: {}, formError: failureText(result, t), sent: false, email },
      { status: failureStatus(result) },
    );
  }
  return data<ForgotActionData>({ fieldErrors: {}, formError: null, sent: true, email });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const token = search.get("token");
  return token ? <SetPassword token={token} actionData={actionData} /> : <RequestLink actionData={actionData} />;
}

function RequestLink({ actionData }: { actionData: ForgotActionData | undefined }) {
  const t = useT();
  const path = usePath();
  const validation = useFormValidation({ schema: passwordForgotBody, fields: REQUEST_FIELDS, serverErrors: actionData?.fieldErrors });
  return (
    <AuthPage
      title={t("auth.forgot.title")}
      lead={t("auth.forgot.lead")}
      notices={actionData?.sent ? [{ kind: "success", text: t("auth.forgot.sent") }] : []}
      aside={
        <p>
          <Link to={path("login")}>{t("auth.forgot.backToLogin")}</Link>
        </p>
      }
    >
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <Form method="post" noValidate className="form" ref={validation.formRef} onSubmit={validation.onSubmit}>
        <Field
          name="email"
          label={t("auth.field.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
          error={validation.errors.email}
        />
        <button type="submit" className="button button--block" aria-disabled={validation.busy || undefined}>
          {t("auth.forgot.submit")}
        </button>
      </Form>
    </AuthPage>
  );
}

function SetPassword({ token, actionData }: { token: string; actionData: ForgotActionData | undefined }) {
  const t = useT();
  const validation = useFormValidation({
    schema: passwordSetBody,
    fields: SET_FIELDS,
    extra: passwordConfirmation,
    serverErrors: actionData?.fieldErrors,
  });
  return (
    <AuthPage title={t("auth.reset.title")} lead={t("auth.reset.lead")}>
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <Form method="post" noValidate className="form" ref={validation.formRef} onSubmit={validation.onSubmit}>
        <input type="hidden" name="token" value={token} />
        <Field
          name="password"
          label={t("auth.field.newPassword")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.field.passwordHint")}
          error={validation.errors.password}
        />
        <Field
          name="passwordConfirmation"
          label={t("auth.field.passwordRepeat")}
          type="password"
          autoComplete="new-password"
          required
          error={validation.errors.passwordConfirmation}
        />
        <button type="submit" className="button button--block" aria-disabled={validation.busy || undefined}>
          {t("auth.reset.submit")}
        </button>
      </Form>
    </AuthPage>
  );
}
