import { SYSTEM_ROUTES } from "@shop/contracts";
import { Form } from "react-router";
import { Field } from "../../ui/field.tsx";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { ProfileActionData } from "./profile.server.ts";

/**
 * 'Your data' (GDPR Art. 15, 17, 20): the download of everything the shop holds, and deleting the
 * account with the password and a ticked box, after saying what goes and what the law keeps
 * (a customer's only: staff accounts are closed by whoever runs the shop).
 */
export function YourData({ answer, canDelete }: { answer: ProfileActionData | null; canDelete: boolean }) {
  const t = useT();
  const path = usePath();
  const errors = answer?.fieldErrors ?? {};
  const downloadHref = `${SYSTEM_ROUTES.myData}?from=${encodeURIComponent(path("profile"))}`;
  return (
    <section className="card profile-section" aria-labelledby="your-data-title" id="your-data">
      <h2 id="your-data-title">{t("profile.data.title")}</h2>
      <p>{t("profile.data.downloadText")}</p>
      <p>
        <a className="button button--ghost" href={downloadHref}>
          {t("profile.data.download")}
        </a>
      </p>
      {canDelete ? (
        <>
          <h3 id="delete-account-title">{t("profile.data.deleteTitle")}</h3>
          <p>{t("profile.data.deleteRemoved")}</p>
          <p>{t("profile.data.deleteKept")}</p>
          {answer?.formError ? <Notice kind="error">{answer.formError}</Notice> : null}
          <Form method="post" className="form" aria-labelledby="delete-account-title">
            <input type="hidden" name="intent" value="deleteAccount" />
            <Field
              name="password"
              id="field-delete-password"
              label={t("profile.data.password")}
              type="password"
              autoComplete="current-password"
              required
              error={errors.password}
            />
            <div className={`field field--checkbox${errors.confirm ? " field--invalid" : ""}`}>
              <input
                type="checkbox"
                id="field-delete-confirm"
                name="confirm"
                value="yes"
                required
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? "field-delete-confirm-error" : undefined}
              />
              <label htmlFor="field-delete-confirm">{t("profile.data.confirm")}</label>
              {errors.confirm ? (
                <p className="field__error" id="field-delete-confirm-error">
                  {errors.confirm}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button">
              {t("profile.data.deleteSubmit")}
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
