import { profileFormBody, type UserView } from "@shop/contracts";
import { Form } from "react-router";
import { Field } from "../../ui/field.tsx";
import { useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { useFormValidation } from "../forms/use-form-validation.ts";
import type { ProfileActionData, ProfileOutcome } from "./profile.server.ts";
import { DETAILS_FIELDS, detailsPayload } from "./profile-forms.ts";

/** SPEC §2/§5 edit profile: first name, last name, e-mail (confirmed by a link when changed) and the membership card. */
export function DetailsForm({
  user,
  answer,
  outcome,
}: {
  user: UserView;
  answer: ProfileActionData | null;
  outcome: ProfileOutcome | null;
}) {
  const t = useT();
  const validation = useFormValidation({
    schema: profileFormBody,
    fields: DETAILS_FIELDS,
    toPayload: detailsPayload,
    serverErrors: answer?.fieldErrors,
  });
  const errors = validation.errors;
  const value = (name: string, saved: string) => answer?.values?.[name] ?? saved;
  const done = outcome === "details" ? "profile.details.saved" : outcome === "emailPending" ? "profile.details.emailPending" : null;
  return (
    <section className="card profile-section" aria-labelledby="details-title" id="details">
      <h2 id="details-title">{t("profile.details.title")}</h2>
      {done ? <Notice kind="success">{t(done)}</Notice> : null}
      {answer?.formError ? <Notice kind="error">{answer.formError}</Notice> : null}
      <Form
        method="post"
        noValidate
        className="form"
        ref={validation.formRef}
        onSubmit={validation.onSubmit}
        aria-labelledby="details-title"
      >
        <input type="hidden" name="intent" value="details" />
        <div className="form__row">
          <Field
            name="details.firstName"
            label={t("auth.field.firstName")}
            autoComplete="given-name"
            required
            defaultValue={value("details.firstName", user.details.firstName)}
            error={errors["details.firstName"]}
          />
          <Field
            name="details.lastName"
            label={t("auth.field.lastName")}
            autoComplete="family-name"
            required
            defaultValue={value("details.lastName", user.details.lastName)}
            error={errors["details.lastName"]}
          />
        </div>
        <Field
          name="email"
          label={t("auth.field.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={value("email", user.email)}
          error={errors.email}
        />
        <Field
          name="password"
          label={t("profile.details.password")}
          type="password"
          autoComplete="current-password"
          hint={t("profile.details.passwordHint")}
          error={errors.password}
        />
        <Field
          name="memberCardBarcode"
          label={t("profile.memberCard")}
          inputMode="numeric"
          autoComplete="off"
          hint={t("profile.details.memberCardHint")}
          defaultValue={value("memberCardBarcode", user.memberCardBarcode ?? "")}
          error={errors.memberCardBarcode}
        />
        <button type="submit" className="button" aria-disabled={validation.busy || undefined}>
          {t("profile.details.submit")}
        </button>
      </Form>
    </section>
  );
}
