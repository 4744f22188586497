import { passwordResetBody } from "@shop/contracts";
import { Form, useLocation } from "react-router";
import { Field } from "../../ui/field.tsx";
import { useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { passwordConfirmation } from "../forms/form-values.ts";
import { useFormValidation } from "../forms/use-form-validation.ts";
import type { ProfileActionData } from "./profile.server.ts";
import { PASSWORD_FIELDS } from "./profile-forms.ts";

/** SPEC §2/§5 change password: old, new (different), repeat; a success empties the form. */
export function PasswordForm({ answer, changed }: { answer: ProfileActionData | null; changed: boolean }) {
  const t = useT();
  const location = useLocation();
  const validation = useFormValidation({
    schema: passwordResetBody,
    fields: PASSWORD_FIELDS,
    extra: (form, translate) => passwordConfirmation(form, translate, "newPassword"),
    serverErrors: answer?.fieldErrors,
  });
  const errors = validation.errors;
  return (
    <section className="card profile-section" aria-labelledby="password-title" id="password">
      <h2 id="password-title">{t("profile.password.title")}</h2>
      {changed ? <Notice kind="success">{t("profile.password.changed")}</Notice> : null}
      {answer?.formError ? <Notice kind="error">{answer.formError}</Notice> : null}
      {/* A new location (the redirect after a change) mounts a fresh, empty form. */}
      <Form
        method="post"
        noValidate
        className="form"
        ref={validation.formRef}
        onSubmit={validation.onSubmit}
        key={location.key}
        aria-labelledby="password-title"
      >
        <input type="hidden" name="intent" value="password" />
        <Field
          name="oldPassword"
          label={t("profile.password.old")}
          type="password"
          autoComplete="current-password"
          required
          error={errors.oldPassword}
        />
        <Field
          name="newPassword"
          label={t("auth.field.newPassword")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.field.passwordHint")}
          error={errors.newPassword}
        />
        <Field
          name="passwordConfirmation"
          label={t("auth.field.passwordRepeat")}
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirmation}
        />
        <button type="submit" className="button" aria-disabled={validation.busy || undefined}>
          {t("profile.password.submit")}
        </button>
      </Form>
    </section>
  );
}
