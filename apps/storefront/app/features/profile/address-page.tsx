import { addressBody, type CountryView } from "@shop/contracts";
import { Form, Link } from "react-router";
import { usePath, useT } from "../../ui/i18n.tsx";
import { Notice } from "../../ui/notice.tsx";
import { AddressFields } from "../checkout/address-step.tsx";
import { useFormValidation } from "../forms/use-form-validation.ts";
import { ADDRESS_FORM_FIELDS, type AddressActionData } from "./address-form.ts";

interface AddressPageData {
  editing: boolean;
  values: Record<string, string>;
  countries: CountryView[];
}

/** SPEC §2 Profile address editing: one address's form (new or saved), with the SPEC §5 rules before it posts. */
export function AddressPage({ data, answer }: { data: AddressPageData; answer: AddressActionData | undefined }) {
  const t = useT();
  const path = usePath();
  const validation = useFormValidation({
    schema: addressBody,
    fields: ADDRESS_FORM_FIELDS,
    toPayload: (values) => ({ address: { type: "main", ...(values.address as object) } }),
    serverErrors: answer?.fieldErrors,
  });
  const title = t(data.editing ? "profile.address.editTitle" : "profile.address.newTitle");
  return (
    <section className="profile-page container" aria-labelledby="address-title">
      <title>{`${title} – ${t("profile.title")}`}</title>
      <meta name="robots" content="noindex" />
      <p>
        <Link to={`${path("profile")}#addresses`}>{t("profile.address.back")}</Link>
      </p>
      <div className="card profile-section">
        <h1 id="address-title">{title}</h1>
        {answer?.formError ? <Notice kind="error">{answer.formError}</Notice> : null}
        <Form
          method="post"
          noValidate
          className="form"
          ref={validation.formRef}
          onSubmit={validation.onSubmit}
          aria-labelledby="address-title"
        >
          <AddressFields section="address" values={answer?.values ?? data.values} errors={validation.errors} countries={data.countries} />
          <button type="submit" className="button" aria-disabled={validation.busy || undefined}>
            {t("profile.address.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
