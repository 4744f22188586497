import { localeFromPath, registerBody } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { AuthPage } from "../features/account/auth-page.tsx";
import { loginPath, requireGuest } from "../features/account/guards.server.ts";
import {
  BILLING_DIFFERENT,
  checkRegisterAddresses,
  placeAddressErrors,
  REGISTER_ADDRESS_FIELDS,
  registerAddresses,
  WITH_ADDRESSES,
} from "../features/account/register-addresses.ts";
import { DEFAULT_COUNTRY } from "../features/checkout/address-form.ts";
import { AddressFields } from "../features/checkout/address-step.tsx";
import { checkConsents } from "../features/consents/consent-check.ts";
import { ConsentFields } from "../features/consents/consent-fields.tsx";
import { acceptedConsentIds, loadConsents } from "../features/consents/consents.server.ts";
import { failureFields, failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText, passwordConfirmation, readForm } from "../features/forms/form-values.ts";
import { useFormValidation } from "../features/forms/use-form-validation.ts";
import { addressCountries } from "../features/profile/addresses.server.ts";
import { platformFor } from "../platform.server.ts";
import { Field } from "../ui/field.tsx";
import { usePath, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/register";
import "../styles/forms.css";

/**
 * No membership card field: a card is bound to its holder's account when it is issued, so a new
 * account holds none yet (the card is entered in the profile once issued).
 */
const FIELDS = ["details.firstName", "details.lastName", "email", "password", "passwordConfirmation"] as const;

/** The form's values as the register payload: the e-mail is the username. */
function toPayload(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, username: values.email };
}

/** The consents of SPEC §4 registration (privacy policy, newsletter), required ones starred. */
const CONSENTS_AT = "registration";

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const platform = platformFor(args.context, args.request, locale);
  const [consents, countries] = await Promise.all([loadConsents(platform, CONSENTS_AT, translator(locale)), addressCountries(platform)]);
  return { consents, countries };
}

interface RegisterActionData {
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
  /** The consents ticked before a failed submit, ticked again (a page rendered anew without JavaScript). */
  acceptedConsents: number[];
  done: boolean;
  /** Registered, but the consents could not be logged (SPEC §8 error.failedConsentLog). */
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const form = await request.formData();
  const platform = platformFor(context, request, locale);
  const consents = await loadConsents(platform, CONSENTS_AT, t);
  const acceptedConsents = acceptedConsentIds(form, consents);
  const values = readForm(form, FIELDS);
  const kept: Record<string, string> = {
    firstName: formText(form, "details.firstName"),
    lastName: formText(form, "details.lastName"),
    email: formText(form, "email"),
    ...Object.fromEntries([WITH_ADDRESSES, BILLING_DIFFERENT, ...REGISTER_ADDRESS_FIELDS].map((name) => [name, formText(form, name)])),
  };
  const addresses = registerAddresses(form);
  const parsed = registerBody.safeParse({ ...toPayload(values), ...(addresses ? { addresses } : {}) });
  // SPEC §4: consents are checked with the form; a missing required one stops the registration.
  const errors: FieldErrors = {
    ...passwordConfirmation(form, t),
    ...checkConsents(form, consents, t),
    ...checkRegisterAddresses(form, t),
  };
  if (!parsed.success) for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues, t))) errors[path] ??= message;
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data<RegisterActionData>({ fieldErrors: errors, formError: null, values: kept, acceptedConsents, done: false }, { status: 400 });
  }
  // The ticked consents travel with the registration: recorded for the new account in the same change.
  const result = await platform.call(api.user.register, { body: { ...parsed.data, consents: acceptedConsents } });
  if (!result.ok) {
    return data<RegisterActionData>(
      {
        fieldErrors: placeAddressErrors(failureFields(result), form),
        formError: failureText(result, t),
        values: kept,
        acceptedConsents,
        done: false,
      },
      { status: failureStatus(result) },
    );
  }
  // SPEC §4: when a confirmation link went out the visitor first confirms the e-mail; otherwise on to login.
  if (!result.data.verificationSent) throw redirect(`${loginPath(locale)}?registered=1`);
  return data<RegisterActionData>({
    fieldErrors: {},
    formError: null,
    values: {},
    acceptedConsents: [],
    done: true,
  });
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { consents, countries } = loaderData;
  const path = usePath();
  const validation = useFormValidation({
    schema: registerBody,
    fields: FIELDS,
    toPayload,
    extra: (form, translate) => ({
      ...passwordConfirmation(form, translate),
      ...checkConsents(form, consents, translate),
      ...checkRegisterAddresses(form, translate),
    }),
    serverErrors: actionData?.fieldErrors,
  });
  const errors = validation.errors;
  const values = actionData?.values ?? {};
  // The address fields start empty, in the shop's country.
  const addressValues = { "delivery.country": DEFAULT_COUNTRY, "billing.country": DEFAULT_COUNTRY, ...values };

  if (actionData?.done) {
    return (
      <AuthPage
        title={t("auth.register.title")}
        notices={[
          // The same for a new address and one that already has an account (its owner gets a mail instead): true either way.
          { kind: "info", text: t("auth.register.checkEmail") },
        ]}
      >
        <Link to={path("login")} className="button button--block">
          {t("auth.register.toLogin")}
        </Link>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={t("auth.register.title")}
      lead={t("auth.register.lead")}
      aside={
        <p>
          {t("auth.register.haveAccount")} <Link to={path("login")}>{t("auth.register.loginLink")}</Link>
        </p>
      }
    >
      {actionData?.formError ? <Notice kind="error">{actionData.formError}</Notice> : null}
      <Form method="post" noValidate className="form register-form" ref={validation.formRef} onSubmit={validation.onSubmit}>
        <div className="form__row">
          <Field
            name="details.firstName"
            label={t("auth.field.firstName")}
            autoComplete="given-name"
            required
            defaultValue={values.firstName}
            error={errors["details.firstName"]}
          />
          <Field
            name="details.lastName"
            label={t("auth.field.lastName")}
            autoComplete="family-name"
            required
            defaultValue={values.lastName}
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
          defaultValue={values.email}
          error={errors.email}
        />
        <Field
          name="password"
          label={t("auth.field.password")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.field.passwordHint")}
          error={errors.password}
        />
        <Field
          name="passwordConfirmation"
          label={t("auth.field.passwordRepeat")}
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirmation}
        />
        {/* SPEC §3/§5 address mode: the sections open with their boxes (CSS :has, so without JavaScript too). */}
        <Toggle name={WITH_ADDRESSES} label={t("auth.register.withAddresses")} checked={values[WITH_ADDRESSES] === "1"} />
        <div className="register-addresses form">
          <fieldset className="register-fieldset">
            <legend>{t("checkout.delivery.legend")}</legend>
            <AddressFields section="delivery" values={addressValues} errors={errors} countries={countries} />
          </fieldset>
          <Toggle name={BILLING_DIFFERENT} label={t("checkout.billing.toggle")} checked={values[BILLING_DIFFERENT] === "1"} />
          <fieldset className="register-fieldset register-billing">
            <legend>{t("checkout.billing.legend")}</legend>
            <AddressFields section="billing" values={addressValues} errors={errors} countries={countries} />
          </fieldset>
        </div>
        <ConsentFields consents={consents} errors={errors} accepted={actionData?.acceptedConsents} />
        <button type="submit" className="button button--block" aria-disabled={validation.busy || undefined}>
          {t("auth.register.submit")}
        </button>
      </Form>
    </AuthPage>
  );
}

function Toggle({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="field field--checkbox">
      <input type="checkbox" id={`toggle-${name}`} name={name} value="1" defaultChecked={checked} />
      <label htmlFor={`toggle-${name}`}>{label}</label>
    </div>
  );
}
