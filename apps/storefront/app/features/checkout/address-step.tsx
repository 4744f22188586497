import type { CountryView } from "@shop/contracts";
import { Form } from "react-router";
import { Field, SelectField } from "../../ui/field.tsx";
import { usePath, useT } from "../../ui/i18n.tsx";
import { checkConsents } from "../consents/consent-check.ts";
import { ConsentFields } from "../consents/consent-fields.tsx";
import type { FieldErrors } from "../forms/form-values.ts";
import {
  ADDRESS_FORM_FIELDS,
  type AddressField,
  addressLine,
  addressStepBody,
  BILLING_TOGGLE,
  COMPANY_TOGGLE,
  NEW_ADDRESS,
  placeEmailError,
  SAVED_ADDRESS,
  toAddressBody,
} from "./address-form.ts";
import type { AddressStepData } from "./checkout-data.ts";
import { stepHref } from "./checkout-steps.ts";
import { StepActions, type StepAnswer, StepFields } from "./step-form.tsx";
import { useStepForm } from "./use-step-form.ts";

/** Autofill tokens per field (WHATWG autocomplete), after the section's shipping/billing token; none fits a house number. */
const AUTOCOMPLETE: Record<AddressField, string | null> = {
  firstName: "given-name",
  lastName: "family-name",
  contactEmail: "email",
  contactPhone: "tel",
  street: "address-line1",
  houseNumber: null,
  zipCode: "postal-code",
  city: "address-level2",
  country: "country",
};

const LABELS: Record<AddressField, string> = {
  firstName: "checkout.field.firstName",
  lastName: "checkout.field.lastName",
  contactEmail: "checkout.field.email",
  contactPhone: "checkout.field.phone",
  street: "checkout.field.street",
  houseNumber: "checkout.field.houseNumber",
  zipCode: "checkout.field.zipCode",
  city: "checkout.field.city",
  country: "checkout.field.country",
};

/** Fields that share a row on wider screens; the e-mail (with its hint) and the phone have rows of their own. */
const ROWS: AddressField[][] = [
  ["firstName", "lastName"],
  ["contactEmail"],
  ["contactPhone"],
  ["street", "houseNumber"],
  ["zipCode", "city"],
];

const TYPES: Partial<Record<AddressField, string>> = { contactEmail: "email", contactPhone: "tel" };

/** One address's fields, named `<section>.<field>` (`address` for the profile's saved addresses). */
export function AddressFields({
  section,
  values,
  errors,
  countries,
  emailHint,
}: {
  section: "delivery" | "billing" | "address";
  values: Record<string, string>;
  errors: FieldErrors;
  countries: readonly CountryView[];
  emailHint?: string;
}) {
  const t = useT();
  const autofill = section === "billing" ? "billing" : "shipping";
  const field = (name: AddressField) => {
    const full = `${section}.${name}`;
    const token = AUTOCOMPLETE[name];
    return (
      <Field
        key={name}
        name={full}
        label={t(LABELS[name])}
        type={TYPES[name] ?? "text"}
        inputMode={name === "contactEmail" ? "email" : undefined}
        autoComplete={token ? `${autofill} ${token}` : "off"}
        required
        hint={name === "contactEmail" ? emailHint : undefined}
        defaultValue={values[full]}
        error={errors[full]}
      />
    );
  };
  return (
    <>
      {ROWS.map((row) =>
        row.length === 1 ? (
          row.map(field)
        ) : (
          <div key={row.join("-")} className={`form__row${row[0] === "street" ? " checkout-row--street" : ""}`}>
            {row.map(field)}
          </div>
        ),
      )}
      <SelectField
        name={`${section}.country`}
        label={t(LABELS.country)}
        autoComplete={`${autofill} country`}
        required
        defaultValue={values[`${section}.country`]}
        error={errors[`${section}.country`]}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
    </>
  );
}

/** A box that shows the section after it (CSS :has, so it works without JavaScript too). */
function Toggle({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="field field--checkbox checkout-toggle">
      <input type="checkbox" id={`toggle-${name}`} name={name} value="1" defaultChecked={checked} />
      <label htmlFor={`toggle-${name}`}>{label}</label>
    </div>
  );
}

/**
 * SPEC §2 address step: a customer may pick a saved address; the delivery form (a guest's e-mail
 * is its e-mail), a company purchase with name and OIB, a different billing address, the checkout
 * consents, Next.
 */
export function AddressStep({ data, answer }: { data: AddressStepData; answer?: StepAnswer }) {
  const t = useT();
  const path = usePath();
  const guest = !data.loggedIn;
  const form = useStepForm({
    schema: addressStepBody,
    fields: ADDRESS_FORM_FIELDS,
    toPayload: (values) => toAddressBody(values, guest),
    extra: (formData, translate) => checkConsents(formData, data.consents, translate),
    serverErrors: answer?.fieldErrors,
  });
  const errors = placeEmailError(form.errors);
  const values = answer?.values ?? data.defaults;
  return (
    <Form
      method="post"
      action={stepHref(path("checkout"), "address")}
      noValidate
      className="form checkout-form"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      key={answer?.id}
    >
      <StepFields step="address" />
      {data.addresses.length > 0 ? (
        <fieldset className="checkout-fieldset checkout-choices">
          <legend>{t("checkout.address.saved")}</legend>
          {[
            ...data.addresses.map((a) => ({ value: String(a.id), label: addressLine(a) })),
            { value: NEW_ADDRESS, label: t("checkout.address.new") },
          ].map((option) => (
            <div key={option.value} className="choice">
              <input
                type="radio"
                id={`saved-address-${option.value}`}
                name={SAVED_ADDRESS}
                value={option.value}
                defaultChecked={values[SAVED_ADDRESS] === option.value}
              />
              <label htmlFor={`saved-address-${option.value}`} className="choice__label">
                <span className="choice__name">{option.label}</span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="checkout-fieldset checkout-delivery">
        <legend>{t("checkout.delivery.legend")}</legend>
        <AddressFields
          section="delivery"
          values={values}
          errors={errors}
          countries={data.countries}
          emailHint={guest ? t("checkout.field.emailHint") : undefined}
        />
      </fieldset>
      <Toggle name={COMPANY_TOGGLE} label={t("checkout.company.toggle")} checked={values[COMPANY_TOGGLE] === "1"} />
      <fieldset className="checkout-fieldset checkout-company">
        <legend>{t("checkout.company.legend")}</legend>
        <Field
          name="company.companyName"
          label={t("checkout.company.name")}
          autoComplete="organization"
          required
          defaultValue={values["company.companyName"]}
          error={errors["company.companyName"]}
        />
        <Field
          name="company.oib"
          label={t("checkout.company.oib")}
          hint={t("checkout.company.oibHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          required
          defaultValue={values["company.oib"]}
          error={errors["company.oib"]}
        />
      </fieldset>
      <Toggle name={BILLING_TOGGLE} label={t("checkout.billing.toggle")} checked={values[BILLING_TOGGLE] === "1"} />
      <fieldset className="checkout-fieldset checkout-billing">
        <legend>{t("checkout.billing.legend")}</legend>
        <AddressFields section="billing" values={values} errors={errors} countries={data.countries} />
      </fieldset>
      <ConsentFields consents={data.consents} errors={errors} accepted={answer?.acceptedConsents ?? data.acceptedConsents} />
      <StepActions back={{ to: path("cart"), label: t("checkout.backToCart") }} submit={t("checkout.next")} busy={form.busy} />
    </Form>
  );
}
